// SPDX-License-Identifier: Apache-2.0
#include "host/error_key.hpp"

namespace attnlab {
namespace {

bool startsWithName(const std::string& message, const std::string& name) {
  if (name.empty() || message.compare(0, name.size(), name) != 0) return false;
  return message.size() == name.size() || message[name.size()] == ' ' || message[name.size()] == ':';
}

}  // namespace

std::string errorKey(const Experiment& e, const std::string& message) {
  std::string key;
  const auto consider = [&](const std::string& name) {
    if (name.size() > key.size() && startsWithName(message, name)) key = name;
  };
  for (const ParamDecl& p : e.params) consider(p.key);
  for (const InputRule& rule : e.inputs) consider(rule.name);
  return key;
}

}  // namespace attnlab

// SPDX-License-Identifier: Apache-2.0
#include "model_qk.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <new>

#include "model/model_error.hpp"
#include "model/qk_command.hpp"
#include "model_files.hpp"
#include "peak_memory.hpp"

namespace attnlab::cli {
QkText modelQkText(const std::vector<std::string>& args) {
  const model::QkCommand command = model::parseQkCommand(args);
  if (!command.ok) return {false, command.error};
  if (command.hasText)  // tokenizing needs the folder's tokenizer.json read as Hugging Face's tokenizers do
    return {false,
            "text=: this command line takes token ids (ids=<id,id,...>); to give a text, run npm run lab -- model-qk "
            "model=<folder> text=\"...\" layer=<i> head=<h>, which tokenizes it"};
  FolderByteSource source(command.folder);
  const auto refused = [&](const std::string& why) { return QkText{false, command.folder + ": " + why}; };
  try {
    const model::Checkpoint checkpoint = model::openCheckpoint(source);
    const double estimate = model::memoryEstimateBytes(checkpoint, command.request);  // from the headers alone
    const std::string request = model::requestProblem(checkpoint.config, command.request);
    const std::string budget =
        request.empty()
            ? model::budgetProblem("model-qk on " + std::to_string(command.request.ids.size()) + " tokens",
                                   estimate + model::headJsonBytes(checkpoint.config, command.request.ids.size()),
                                   command.budgetMiB * 1048576.0, "give fewer ids, or a larger budget=<MiB>")
            : "";
    if (!budget.empty()) return refused(budget);  // before the pass allocates anything
    const model::QkOutcome out = model::computeHeadQk(source, checkpoint, command.request);
    // ATTNLAB_REPORT_MEMORY=1: one line "memory: estimate <bytes> peak <bytes>" on stderr, as for experiments.
    const char* flag = std::getenv("ATTNLAB_REPORT_MEMORY");
    if (flag && std::strcmp(flag, "1") == 0)
      std::fprintf(stderr, "memory: estimate %.0f peak %.0f\n", estimate, peakResidentBytes());
    if (!out.ok) return refused(out.error);
    return {true, model::headQkJson(checkpoint.config, command.request, out.head).dump()};
  } catch (const model::ModelError& e) {
    return refused(e.what());
  } catch (const std::bad_alloc&) {
    return refused("not enough memory");
  }
}

int runModelQk(const std::vector<std::string>& args) {
  if (args.size() == 1 && (args[0] == "--help" || args[0] == "-h")) {
    std::cout << model::qkCommandUsage("attnlab");
    return 0;
  }
  const QkText out = modelQkText(args);
  if (!out.ok) {
    std::cerr << "attnlab: " << out.text << '\n';
    return 2;
  }
  std::cout << out.text << '\n';
  return 0;
}

}  // namespace attnlab::cli

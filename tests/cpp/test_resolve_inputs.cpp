// SPDX-License-Identifier: Apache-2.0
// A run's parameters resolved with its files, once for every host (host/resolve_inputs.hpp): what a given
// file determines is dropped with a note, a head bundle's scale fills an unset scale and never a given one,
// two bundles of different scale are refused naming the input (error_key finds it), files of no rule pass.
#include <catch2/catch.hpp>

#include "host/error_key.hpp"
#include "host/resolve_inputs.hpp"

using attnlab::GivenInput;
using attnlab::Json;

TEST_CASE("resolveInputs: each rule's replaced keys, scale and agreement", "[inputs]") {
  const attnlab::Experiment& sparse = *attnlab::findExperiment("sparse-approx");
  auto r = attnlab::resolveInputs(sparse, Json{{"n", 64}, {"k", 3}, {"d", 200}}, {GivenInput{"pattern", "p.csv", 0}});
  REQUIRE(r.ok);
  CHECK(r.params == Json{{"d", 200}});
  CHECK(r.notes == std::vector<std::string>{"n=64 ignored: the file p.csv determines it",
                                            "k=3 ignored: the file p.csv determines it"});
  // Without the file nothing changes.
  r = attnlab::resolveInputs(sparse, Json{{"n", 64}}, {});
  CHECK(r.params == Json{{"n", 64}});
  CHECK(r.notes.empty());

  const attnlab::Experiment& head = *attnlab::findExperiment("rank-interaction");
  r = attnlab::resolveInputs(head, Json::object(), {GivenInput{"q", "a.json", 0.5}, GivenInput{"k", "a.json", 0.5}});
  REQUIRE(r.ok);
  CHECK(r.params == Json{{"scale", 0.5}});
  r = attnlab::resolveInputs(head, Json{{"scale", 2}}, {GivenInput{"q", "a.json", 0.5}});
  CHECK(r.params == Json{{"scale", 2}});
  r = attnlab::resolveInputs(head, Json{{"scale", 2}},
                             {GivenInput{"q", "a.json", 0.5}, GivenInput{"k", "b.json", 0.25}});
  CHECK_FALSE(r.ok);
  CHECK(
      r.error ==
      "k: the head bundles 'a.json' (scale 0.5) and 'b.json' (scale 0.25) disagree on scale: give Q and K of one head");
  CHECK(attnlab::errorKey(head, r.error) == "k");
  // A plain array (no bundle) has no scale to disagree with.
  r = attnlab::resolveInputs(head, Json::object(), {GivenInput{"q", "a.json", 0.5}, GivenInput{"k", "k.npy", 0}});
  CHECK(r.ok);
}

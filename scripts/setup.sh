#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs whatever is missing for a purpose: build (default), test (adds Chromium) or bench (adds numpy).
# On a ready machine it only checks, in well under a second.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

purpose=${1:-build}
case $purpose in build | test | bench) ;; *) die "usage: scripts/setup.sh [build|test|bench]" ;; esac

ensure_packages "$purpose"
ensure_node_modules

# SPDX-License-Identifier: Apache-2.0
"""files= goes through the command line's reader (wasm/cli/read_file.cpp): a device, a FIFO or a file above the input
limit is refused at once, before a byte is read, with the CLI's one line naming the file."""
import os
import time

import pytest

import attnlab

LIMIT = 512 << 20  # kInputFileLimitBytes (wasm/core/lab/experiment.hpp)


def refused_fast(path, match):
    start = time.monotonic()
    with pytest.raises(ValueError, match=match) as refused:
        attnlab.run("rank-interaction", files={"q": path, "k": path}, seed=1)
    assert time.monotonic() - start < 2, "refused only after reading"
    assert "\n" not in str(refused.value)
    return str(refused.value)


def test_dev_zero_is_refused_as_a_device():
    refused_fast("/dev/zero", r"'/dev/zero' is a character device, not a regular file")


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "q.npy"
    os.mkfifo(fifo)
    refused_fast(fifo, r"q\.npy' is a FIFO, not a regular file")


def test_a_file_above_the_limit_is_refused_from_its_size(tmp_path):
    big = tmp_path / "q.npy"
    with open(big, "wb") as f:
        f.truncate(LIMIT + (88 << 20))  # 600 MiB, sparse: nothing is written
    message = refused_fast(big, r"holds 629145600 bytes, above the limit of 536870912 for input files")
    assert "q.npy" in message


def test_a_directory_and_a_missing_file_are_named(tmp_path):
    refused_fast(tmp_path, r"is a directory, not a regular file")
    refused_fast(tmp_path / "absent.npy", r"cannot open '.*absent\.npy'")

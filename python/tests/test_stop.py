# SPDX-License-Identifier: Apache-2.0
"""A run stops when asked and has the command line's time budget: Ctrl-C (SIGINT from a timer thread here) stops it
within a step, raising KeyboardInterrupt with the finished jobs' combined result; a run the plan estimates above
max_seconds (default 3600, the CLI's) is refused at once, naming the estimate and the max_seconds= that allows it."""
import os
import re
import signal
import threading
import time

import pytest

import attnlab

# rank-n runs one job per n: three of a few ms, then nine of about 1.5 s each on the reference machine, whose steps
# (the poll points) are well under a second apart.
STEPPED = {"n": [16, 32, 64] + list(range(896, 896 + 9 * 8, 8)), "svd": "full", "seed": 4}
# rank-beta at n = 1024: its first job takes seconds.
LONG = {"n": 1024, "svd": "full", "betas": list(range(1, 17)), "seed": 4}
HUGE = {"d": 2000, "T": 512, "sequences": 100000, "delta": 16}  # rmt-weights, about 28 hours


def interrupted_after(seconds, experiment, values):
    """Runs with SIGINT sent to this process after `seconds`; returns (the KeyboardInterrupt, seconds it took)."""
    timer = threading.Timer(seconds, os.kill, args=(os.getpid(), signal.SIGINT))
    start = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt) as stop:
            attnlab.run(experiment, **values)
    finally:
        timer.cancel()
    return stop.value, time.monotonic() - start


def test_ctrl_c_stops_a_long_run_within_a_step_keeping_the_finished_jobs():
    stop, took = interrupted_after(1.5, "rank-n", STEPPED)
    assert took < 1.5 + 2.0, f"stopped {took - 1.5:.1f} s after Ctrl-C"
    assert 3 <= stop.jobs_done < stop.jobs_total == len(STEPPED["n"])
    assert stop.partial["jobsDone"] == stop.jobs_done and stop.partial["jobsTotal"] == stop.jobs_total
    assert [p["n"] for p in stop.partial["points"]] == STEPPED["n"][: stop.jobs_done]  # the finished jobs, combined


def test_ctrl_c_before_any_job_finished_gives_no_partial_result():
    stop, took = interrupted_after(0.2, "rank-beta", LONG)
    assert took < 0.2 + 2.0
    assert stop.jobs_done == 0 and stop.partial is None


def test_a_run_above_the_default_hour_is_refused_before_it_starts():
    start = time.monotonic()
    with pytest.raises(ValueError) as refused:
        attnlab.run("rmt-weights", **HUGE)
    assert time.monotonic() - start < 5
    message = str(refused.value)
    estimate = int(re.search(r"estimated at (\d+) s \((\d+\.\d) h\)", message).group(1))
    assert estimate > 3600 and "above the 3600 s allowed" in message
    assert f"give max_seconds={estimate} to run it anyway" in message and "--max-seconds" not in message


def test_the_max_seconds_the_refusal_names_lets_the_run_go():
    small = {"n": 24, "px": 16, "seed": 2}
    with pytest.raises(ValueError, match=r"above the 1e-09 s allowed") as refused:
        attnlab.run("attention-map", max_seconds=1e-9, **small)
    allowed = re.search(r"give max_seconds=(\S+) to run it anyway", str(refused.value)).group(1)
    assert attnlab.run("attention-map", max_seconds=allowed, **small)["n"] == 24
    assert attnlab.run("attention-map", **small)["n"] == 24  # the default hour is plenty


@pytest.mark.parametrize("value", ["0", "-5", "abc", "1e999"])
def test_a_bad_max_seconds_is_refused_in_pythons_words(value):
    with pytest.raises(ValueError, match=r"^max_seconds must be a positive number of seconds, .*, got '.*'$"):
        attnlab.run("attention-map", n=24, max_seconds=value)

#!/usr/bin/env python3
"""What one sleep costs the sleeping thread on this machine, by what wakes it.

The providers sleep between update slices until a timer expires; the consumers sleep until data arrives. This
measures the CPU time (from /proc/thread-self/schedstat: the scheduler's own count of the thread's time on a CPU) that
one sleep-and-wake cycle costs the thread that sleeps, woken either by its own timer (select with a timeout that
expires) or by an event (poll on a pipe that another process writes to on the same schedule, no timeout). Python's
own loop costs the same in both, so the difference is the kernel's (and, in a virtual machine, the hypervisor's).
Beside each it prints what the scheduler counted as the thread waiting for a CPU once woken (schedstat's run_delay);
compare it with `perf sched record` + `perf sched timehist` on the same loop to see how much of the wait from the
wake-up to running the scheduler counted as running instead.

Usage: python3 PerfTools/bench/wake-cost.py [cycles=2000] [period_us=900]
"""
import os
import select
import sys
import time


def thread_schedstat():
    """The thread's time on a CPU and its time runnable but waiting for one (run_delay), in ns."""
    with open("/proc/thread-self/schedstat") as f:
        on_cpu, waiting, _ = f.read().split()
        return int(on_cpu), int(waiting)


def per_sleep_us(start, end, cycles):
    return tuple((e - s) / cycles / 1000.0 for s, e in zip(start, end))


def timer_woken(cycles, period_us):
    start = thread_schedstat()
    for _ in range(cycles):
        select.select([], [], [], period_us / 1e6)  # no descriptors: only the timeout ends the wait
    return per_sleep_us(start, thread_schedstat(), cycles)


def event_woken(cycles, period_us):
    read_end, write_end = os.pipe()
    writer = os.fork()
    if writer == 0:
        os.close(read_end)
        for _ in range(cycles):
            time.sleep(period_us / 1e6)
            os.write(write_end, b"x")
        os._exit(0)
    os.close(write_end)
    poller = select.poll()
    poller.register(read_end, select.POLLIN)
    start = thread_schedstat()
    for _ in range(cycles):
        poller.poll()  # no timeout: only the writer wakes it
        os.read(read_end, 1)
    spent = per_sleep_us(start, thread_schedstat(), cycles)
    os.waitpid(writer, 0)
    os.close(read_end)
    return spent


def main():
    cycles = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    period_us = int(sys.argv[2]) if len(sys.argv) > 2 else 900
    load = open("/proc/loadavg").read().split()[:3]
    print(f"wake-cost: {cycles} sleeps of about {period_us} us each, load {' '.join(load)}")
    timer_cpu, timer_wait = timer_woken(cycles, period_us)
    event_cpu, event_wait = event_woken(cycles, period_us)
    print(f"woken by its own timer : {timer_cpu:6.2f} us of the sleeping thread's CPU per sleep, "
          f"{timer_wait:5.2f} us counted as waiting for a CPU")
    print(f"woken by another process: {event_cpu:6.2f} us, {event_wait:5.2f} us")


if __name__ == "__main__":
    main()

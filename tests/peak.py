"""A child process's own peak memory, for tests that bound it.

``ru_maxrss`` is the wrong figure in a child: Linux carries the peak of the process
that forked it across ``exec``, so a child of an xdist worker holding 300 MiB reports
at least 300 MiB whatever it did itself. ``VmHWM`` in ``/proc/self/status`` is the peak
of the child's own address space, the one ``exec`` made.
"""

#: Python source for an expression: the running process's own peak, in KiB (Linux).
OWN_PEAK_KIB = "int(open('/proc/self/status').read().split('VmHWM:')[1].split()[0])"

#!/bin/sh
# Issue 31's shared window (shared-window.sh) in cgroup mode: the node's
# concurrent PSS against the step cgroup's true peak less its page cache.
exec "${abs_srcdir:-$(dirname "$0")}/shared-window.sh" cgroup

#!/bin/sh
# Issue 31's shared window (shared-window.sh) in plain mode: the
# suggestion follows the node's concurrent PSS.
exec "${abs_srcdir:-$(dirname "$0")}/shared-window.sh" plain

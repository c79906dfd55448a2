#!/bin/sh
# A minisat-dialect solver ("fifo.sh in.cnf out") that puts something other
# than a regular file where its result file was: $FAKE_KIND is fifo, dir,
# symlink (to $FAKE_REAL, a result file elsewhere) or gone.
case $FAKE_KIND in
fifo) rm "$2"; mkfifo "$2" ;;
dir) rm "$2"; mkdir "$2"; echo x > "$2/x" ;;
symlink) rm "$2"; ln -s "$FAKE_REAL" "$2" ;;
gone) rm "$2" ;;
esac
echo SATISFIABLE
exit 10

#!/bin/sh
# A fake Gomocup engine that starts, then dies when asked for a move.
while read -r command rest; do
    case "$command" in
        START) echo OK ;;
        BEGIN | TURN | DONE) exit 3 ;;
    esac
done

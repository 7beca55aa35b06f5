#!/bin/sh
# A fake Gomocup engine that starts, then never answers a move.
while read -r command rest; do
    case "$command" in
        START) echo OK ;;
        BEGIN | TURN | DONE) exec sleep 600 ;;
    esac
done

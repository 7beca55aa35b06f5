#!/bin/sh
# A fake Gomocup engine that starts, then answers a move with prose.
while read -r command rest; do
    case "$command" in
        START) echo OK ;;
        BEGIN | TURN | DONE) echo "I think I will resign" ;;
        END) exit 0 ;;
    esac
done

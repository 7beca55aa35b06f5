#!/bin/sh
# A fake Gomocup engine that slows down mid-game: it answers each move
# request at once with the next of the points given as its arguments
# ("x,y"), and once they run out it thinks for ten minutes, longer than any
# turn. It becomes that sleep (exec), so killing it leaves nothing behind.
while read -r command rest; do
    case "$command" in
        START | TAKEBACK) echo OK ;;
        BEGIN | TURN | DONE)
            [ $# -eq 0 ] && exec sleep 600
            echo "$1"
            shift
            ;;
        END) exit 0 ;;
    esac
done

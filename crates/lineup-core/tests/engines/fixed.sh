#!/bin/sh
# A fake Gomocup engine that answers every move request with the point
# given as its argument ("x,y"), saying so in a MESSAGE line first. Given
# a taken point or a Renju foul, it plays an illegal move. It claims not to
# know INFO game_type (an INFO needs no answer, so that line is only logged).
while read -r command rest; do
    case "$command" in
        START | TAKEBACK) echo OK ;;
        INFO) [ "${rest% *}" = game_type ] && echo "UNKNOWN INFO game_type" ;;
        BEGIN | TURN | DONE) echo "MESSAGE playing $1"; echo "$1" ;;
        END) exit 0 ;;
    esac
done

#!/usr/bin/env bash
# Prints animhost's manual page (roff, man(7)) made from the --help of the executable given and of each of
# its commands, so the manual says what --help says. Used by scripts/install.sh.
set -euo pipefail
exe="${1:?usage: scripts/man-page.sh PATH/TO/animhost}"
# Text as roff: backslashes escaped, and a line starting with . or ' kept as text.
roff() { sed -e 's/\\/\\e/g' -e "s/^\([.']\)/\\\\\&\1/"; }
version="$("$exe" --version)"
# --help wraps at $COLUMNS: the one-line abstract is read unwrapped, the rest at 73 columns, which man's
# indent of 7 brings to an 80-column terminal's width.
abstract="$(COLUMNS=1000 "$exe" --help | sed -n 's/^OVERVIEW: //p' | roff)"
export COLUMNS=73
echo ".TH ANIMHOST 1 \"\" \"animhost $version\" \"User Commands\""
echo ".SH NAME"
echo "animhost \\- $abstract"
echo ".SH SYNOPSIS"
echo ".B animhost"
echo ".I COMMAND"
echo "[\\fIOPTIONS\\fR]"
echo ".SH DESCRIPTION"
echo ".nf"
"$exe" --help | sed '1,/^$/d' | roff
echo ".fi"
commands="$("$exe" --help | sed -n '/^SUBCOMMANDS:/,/^$/p' | awk 'NR > 1 && NF { print $1 }')"
for command in $commands; do
  echo ".SH \"ANIMHOST $(echo "$command" | tr '[:lower:]' '[:upper:]')\""
  echo ".nf"
  "$exe" "$command" --help | roff
  echo ".fi"
done
echo ".SH FILES"
echo "The built-in plugins and scenes are in share/animhost/Plugins beside the bin folder holding animhost;"
echo "the editor files in share/animhost/editor."
echo ".SH SEE ALSO"
echo "docs/cli.md and docs/install.md in animhost's source."

# Completes `animhost run ` in bash as a TAB would, with the script animhost generates; prints each
# candidate on a line of its own.
source <(animhost --generate-completion-script bash)
COMP_WORDS=(animhost run "")
COMP_CWORD=2
COMP_LINE="animhost run "
COMP_POINT=${#COMP_LINE}
_animhost animhost "" run
printf '%s\n' "${COMPREPLY[@]}"

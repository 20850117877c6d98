# Presses TAB twice after `animhost run ` in an interactive zsh (on a pseudo-terminal) with the script
# animhost generates; prints what the terminal showed.
zmodload zsh/zpty
zpty shell zsh -f -i
zpty -w shell 'autoload -Uz compinit && compinit -u -D; source <(animhost --generate-completion-script zsh); compdef _animhost animhost; zstyle ":completion:*" list-prompt ""; setopt nolistbeep'
sleep 1
while zpty -r -t shell line; do :; done
zpty -w -n shell $'animhost run \t\t'
screen=""
for i in {1..150}; do
  while zpty -r -t shell line; do screen+="$line"; done
  [[ $screen == *zoom* ]] && break
  sleep 0.2
done
sleep 0.5
while zpty -r -t shell line; do screen+="$line"; done
zpty -d shell
print -r -- "$screen"

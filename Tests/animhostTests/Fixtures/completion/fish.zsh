# Asks an interactive fish (on a pseudo-terminal, driven from zsh) for the completions of `animhost run `
# with the script animhost generates; prints each candidate on a line of its own.
zmodload zsh/zpty
out=$PWD/fish-candidates.txt
rm -f $out
zpty shell fish --no-config -i
zpty -w shell 'animhost --generate-completion-script fish | source'
zpty -w shell "complete -C'animhost run ' > $out.part; mv $out.part $out"
for i in {1..300}; do
  [[ -e $out ]] && break
  while zpty -r -t shell line; do :; done
  sleep 0.1
done
zpty -d shell
cat $out

# capture.zsh DIR LINE: prints the completions zsh offers for LINE, one
# a line ("word -- description"), with DIR first on $fpath. It runs an
# interactive zsh on a pseudo-terminal (zpty) whose compadd prints what
# the completion functions add instead of showing it (after
# Valodim/zsh-capture-completion).
zmodload zsh/zpty || exit 2
dir=$1 line=$2
zpty z zsh -f -i
setopt rcquotes
init=$(mktemp) || exit 2
trap 'rm -f $init; zpty -d z' EXIT
print -r -- '
PROMPT=
fpath=('$dir' $fpath)
autoload -U compinit
compinit -u -D
bindkey ''^I'' complete-word
null-line () { echo -E - $''\0'' }
compprefuncs=( null-line )
comppostfuncs=( null-line exit )
zstyle '':completion:*'' list-grouped false
zstyle '':completion:*'' insert-tab false
zstyle '':completion:*'' list-separator ''''
compadd () {
	if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then
		builtin compadd "$@"
		return $?
	fi
	typeset -a __hits __dscr __tmp
	if (( $@[(I)-d] )); then
		__tmp=${@[$[${@[(i)-d]}+1]]}
		if [[ $__tmp == \(* ]]; then
			eval "__dscr=$__tmp"
		else
			__dscr=( "${(@P)__tmp}" )
		fi
	fi
	builtin compadd -A __hits -D __dscr "$@"
	[[ -n $__hits ]] || return
	local i
	for i in {1..$#__hits}; do
		echo -E - "$__hits[$i]"
	done
}
echo ok' > $init
zpty -w z "source $init"
repeat 4; do
	zpty -r z got || exit 2
	[[ $got == ok* ]] && break
done
[[ $got == ok* ]] || { echo 'capture.zsh: zsh did not start' >&2; exit 2 }
zpty -w z "$line"$'\t'
integer seen=0
while zpty -r z got; do
	if [[ $got == *$'\0\r'* ]]; then
		(( seen++ )) && exit 0
		continue
	fi
	(( seen )) && print -r -- ${got%$'\r'}
done
exit 2

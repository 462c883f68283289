"""Function words dropped from queries and never indexed (Snowball's English and Russian lists,
folded like the text: lower case, no accents, ё → е, й → и), plus the verbs of a spoken question
("what did Dana say about …") that name the act of speaking rather than what was said."""

ENGLISH = """
a about above after again against all am an and any are as at be because been before being below
between both but by can could did do does doing down during each few for from further had has have
having he her here hers herself him himself his how i if in into is it its itself just me more most
my myself no nor not now of off on once only or other our ours ourselves out over own same she should
so some such than that the their theirs them themselves then there these they this those through to
too under until up very was we were what when where which while who whom why will with would you your
yours yourself yourselves let lets us s t d ll m o re ve y ain aren couldn didn doesn don hadn hasn
haven isn mightn mustn needn shan shouldn wasn weren won wouldn also
say said says saying tell told tells talk talked talks talking mention mentioned mentions discuss
discussed discusses anything something everything find show please
"""

RUSSIAN = """
и в во не что он на я с со как а то все она так его но да ты к у же вы за бы по только ее мне было
вот от меня еще нет о из ему теперь когда даже ну вдруг ли если уже или ни быть был него до вас
нибудь опять уж вам ведь там потом себя ничего ей может они тут где есть надо ней для мы тебя их чем
была сам чтоб без будто чего раз тоже себе под будет ж тогда кто этот того потому этого какой совсем
ним здесь этом один почти мой тем чтобы нее сейчас были куда зачем всех никогда можно при наконец
два об другой хоть после над больше тот через эти нас про всего них какая много разве три эту моя
впрочем хорошо свою этой перед иногда лучше чуть том нельзя такой им более всегда конечно всю между
это эта эти этих
сказал сказала сказали говорил говорила говорили говорит обсуждали обсуждал упоминал упоминала
"""


def _fold(word):
    return word.replace("ё", "е").replace("й", "и")


WORDS = frozenset(ENGLISH.split()) | frozenset(_fold(w) for w in RUSSIAN.split())

"""The words a search leaves out: function words, and the words of asking.

FUNCTION words are never indexed and never searched. ENGLISH and RUSSIAN are Snowball's stop
lists (snowballstem.org/algorithms/english/stop.txt and …/russian/stop.txt, the lists that ship
with the stemmers the tokeniser uses), plus the pieces an apostrophe leaves (don't -> don, t) and
the demonstratives of a spoken Russian question (это, эти …). They are matched after folding and
stemming (text.py), so every form of one goes (этому, какие, being); STEM_KEEP lists the stems a
function word shares with content words, which therefore stay matched by their exact form only
(хоть/хотим, почти/почте, тем/тема, более/боли, will/willing, own/owned, under/underlying …; found
by stemming every word of the QMSum transcripts and of the demo's and the generator's Russian text
against these lists, and a few common words of business Russian: лучший, конечный).

ASKING words name the act of asking or of speaking rather than what was said: "what did the group
discuss about …", "summarise the decision on …", "расскажи, что говорили про …". They are indexed
like any word (a transcript saying "the discussion" is found by `discussion`), and dropped from an
`any` query when other words remain (text.question_terms). Written by hand from the question forms
an assistant sends (QMSum's query style and the examples of issue 20), in both languages, each word
in the forms people write (all are stemmed, so one form stands for its family).
"""

ENGLISH = """
a about above after again against all am an and any are as at be because been before being below
between both but by can could did do does doing down during each few for from further had has have
having he her here hers herself him himself his how i if in into is it its itself just me more most
my myself no nor not now of off on once only or other our ours ourselves out over own same she should
so some such than that the their theirs them themselves then there these they this those through to
too under until up very was we were what when where which while who whom why will with would you your
yours yourself yourselves let lets us s t d ll m o re ve y ain aren couldn didn doesn don hadn hasn
haven isn mightn mustn needn shan shouldn wasn weren won wouldn also anything something everything
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
"""

# Stems a function word shares with content words: those words are matched by their exact form only.
STEM_KEEP = """
will own under most other can
хот почт больш хорош раз под сам друг нич тем бол лучш конечн один два три мо сво
"""

ASKING_ENGLISH = """
discuss discussed discusses discussing discussion discussions debate debated
summarise summarised summarising summarize summarized summarizing summary summaries summarisation
recap overview
talk talked talking talks say said says saying tell told telling mention mentioned mentions mentioning
think thinks thought thoughts opinion opinions view views feel felt
explain explained describe described ask asked
group groups team teams
find show please
"""

ASKING_RUSSIAN = """
обсуждать обсуждали обсуждал обсуждала обсуждаем обсудили обсудить обсуждение обсуждения обсуждении
расскажи расскажите рассказать рассказывали рассказал рассказала
говорить говорили говорил говорила говорит говорят сказать сказал сказала сказали сказано
упоминать упоминали упоминал упоминала упомянули
думать думали думает думают мнение мнения
итог итоги подведи подытожь резюмируй кратко
объясни объяснить опиши описать спросили
группа группы команда команды
найди найти покажи показать пожалуйста
"""


def _fold(word):
    return word.replace("ё", "е").replace("й", "и")


FUNCTION = frozenset(ENGLISH.split()) | frozenset(_fold(w) for w in RUSSIAN.split())
KEEP = frozenset(_fold(w) for w in STEM_KEEP.split())
ASKING = tuple(ASKING_ENGLISH.split()) + tuple(ASKING_RUSSIAN.split())

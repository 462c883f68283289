"""The optional semantic layer (pip install talkbar[semantic]); without it, keyword search only."""


def status():
    return "keywordOnly"

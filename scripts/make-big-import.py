#!/usr/bin/env python3
"""Writes a large, valid engram-memory export for measuring imports (not committed: it is big).

    scripts/make-big-import.py OUT.json [--mb 50] [--lines N] [--conversation-size N]

--mb    approximate size of the file (default 50): episodes of mixed English and Chinese text,
        with a few facts and messages, until the size is reached.
--lines instead of a size, this many episodes, one per line (the "100,000-line import").
--conversation-size  put every N consecutive episodes in one conversation, in time order (default
        0: none), as a chat history is: what the neighbouring-turn context and the fusion
        calibration's probes read.

Measure an import with:
    /usr/bin/time -v build/src/cli/engram-cli --db /tmp/x.sqlite import OUT.json
("Maximum resident set size" is the peak memory).
"""
import argparse
import datetime
import json
import random
import uuid

WORDS = ("deploy release api key rotate server backup database index query cache latency budget "
         "meeting travel flight hotel doctor dentist garden recipe coffee project deadline review "
         "python rust qt sqlite memory episode fact import export").split()
HAN = "我们今天讨论了接口限流数据库备份部署发布会议旅行酒店医生咖啡项目截止日期代码评审记忆导入导出"


def sentence(rng, words):
    parts = []
    for _ in range(words):
        if rng.random() < 0.3:
            parts.append("".join(rng.choice(HAN) for _ in range(rng.randint(2, 6))))
        else:
            parts.append(rng.choice(WORDS))
    return " ".join(parts)


def episode(rng, i, conversation_size):
    e = {
        "id": str(uuid.UUID(int=rng.getrandbits(128), version=4)),
        "kind": "exchange",
        "content": sentence(rng, rng.randint(8, 40)),
        "response": sentence(rng, rng.randint(8, 40)),
        "created_at": "2026-%02d-%02dT%02d:%02d:00.000Z" % (1 + i % 12, 1 + i % 28, i % 24, i % 60),
        "metadata": {"origin": "make-big-import", "line": i},
    }
    if conversation_size:
        # One conversation a day from 2026-01-01, its turns a minute apart.
        day, turn = divmod(i, conversation_size)
        at = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc) + datetime.timedelta(days=day, minutes=turn)
        e["created_at"] = at.strftime("%Y-%m-%dT%H:%M:%S.000Z")
        e["conversation_id"] = str(uuid.uuid5(uuid.NAMESPACE_URL, "engram-big-import/%d" % day))
    return e


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--mb", type=float, default=50)
    ap.add_argument("--lines", type=int, default=0)
    ap.add_argument("--conversation-size", type=int, default=0)
    ap.add_argument("--seed", type=int, default=13)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    limit = int(args.mb * 1024 * 1024)
    with open(args.out, "w", encoding="utf-8") as f:
        f.write('{"format": "engram-memory", "version": 1,\n')
        f.write('"user": {"id": "default", "display_name": "Big"},\n')
        facts = [{"subject": "user", "predicate": "likes %d" % i, "object": sentence(rng, 3)} for i in range(200)]
        f.write('"facts": %s,\n' % json.dumps(facts, ensure_ascii=False))
        f.write('"episodes": [\n')
        written = f.tell()
        i = 0
        while (args.lines and i < args.lines) or (not args.lines and written < limit):
            line = ("," if i else "") + json.dumps(episode(rng, i, args.conversation_size), ensure_ascii=False) + "\n"
            f.write(line)
            written += len(line.encode("utf-8"))
            i += 1
        f.write("]}\n")
    print("%s: %d episodes, %.1f MB" % (args.out, i, written / 1048576))


if __name__ == "__main__":
    main()

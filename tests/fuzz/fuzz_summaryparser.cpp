// Fuzzes SummaryParser: parse, write what was read back as a reply, parse again, compare.
// SummaryParser has no writer, so the harness has a small one ({"topic": …, "summary": …}).
// A reply that parses must parse again to the same topic and summary: the topic key is already
// normalised, and normalising it again must not move it (summaries are merged by that key).
#include "FuzzSupport.h"
#include "core/MemoryTypes.h"
#include "llm/SummaryParser.h"

using namespace engram;

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    fuzz::initQt();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QString reply = fuzz::text(data, size);
    // The topic key alone, on the raw text: normalising is idempotent and bounded.
    const QString key = SummaryParser::normalisedTopic(reply.left(4096));
    if (key.size() > SummaryParser::kMaxTopicLength)
        fuzz::fail("a topic key is at most kMaxTopicLength long", key);
    if (SummaryParser::normalisedTopic(key) != key)
        fuzz::fail("normalising a topic key twice changes nothing",
                   QStringLiteral("once:  [%1]\ntwice: [%2]").arg(key, SummaryParser::normalisedTopic(key)));

    const auto first = SummaryParser::parse(reply);
    if (!first)
        return 0;
    if (first->summary.isEmpty() || first->summary.size() > SummaryParser::kMaxSummaryLength)
        fuzz::fail("a parsed summary is not empty and not too long", QString::number(first->summary.size()));
    Json root = {{"summary", first->summary.toStdString()}};
    if (!first->topic.isEmpty())
        root["topic"] = first->topic.toStdString();
    const QString written = QString::fromStdString(root.dump());
    const auto second = SummaryParser::parse(written);
    if (!second)
        fuzz::fail("what the parser read, written back, parses", written + u'\n' + second.errorMessage());
    if (second->summary != first->summary || second->topic != first->topic)
        fuzz::fail("parse, write, parse gives the same summary and topic",
                   QStringLiteral("first:  [%1] %2\nsecond: [%3] %4")
                       .arg(first->topic, first->summary.left(200), second->topic, second->summary.left(200)));
    return 0;
}

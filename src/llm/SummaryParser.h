#pragma once

#include "core/Result.h"

#include <QString>

namespace engram {

// A summary of evicted messages, or of a merge, as the model wrote it.
struct SummaryReply
{
    QString topic;   // normalised topic key; empty when the model gave none usable
    QString summary; // the summary text, trimmed
};

// Reads the summariser's reply {"topic": "…", "summary": "…"} — fenced or with prose around it,
// like ExtractionParser. The summary is required (a non-empty string of at most kMaxSummaryLength
// characters: longer is a runaway reply, not a summary); the topic is optional, since a summary
// without a topic is still worth keeping, and is normalised with normalisedTopic().
class SummaryParser final
{
public:
    static Result<SummaryReply> parse(const QString& reply);

    // The key summaries are merged by: width-folded, lower case, single spaces, no surrounding
    // punctuation, at most kMaxTopicLength characters. "API 限流。" and "api  限流" are one topic.
    static QString normalisedTopic(const QString& topic);

    static constexpr int kMaxTopicLength = 64;
    static constexpr int kMaxSummaryLength = 1000;
};

} // namespace engram

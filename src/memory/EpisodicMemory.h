#pragma once

#include "core/MemoryTypes.h"
#include "core/Result.h"

namespace engram {

struct MemoryContext;

// What happened: every completed exchange, and summaries of turns that left the window,
// merged by topic. Near-duplicates of the previous exchange are counted, not stored again.
class EpisodicMemory final
{
public:
    explicit EpisodicMemory(MemoryContext& ctx);

    struct Recorded
    {
        Episode episode;
        bool duplicate{}; // true: an existing episode was counted instead of a new one stored
    };

    // Records one completed turn: the user's message and a short gist of the reply.
    Result<Recorded> recordExchange(const QString& userId, const QString& conversationId, const QString& question,
                                    const QString& reply, Json metadata = Json::object());

    struct SummaryResult
    {
        Episode episode;
        bool merged{}; // true: an existing summary of the topic was replaced by the merged text
    };

    // Stores a summary under a topic key. When the topic already has a summary, `text` (the
    // merged text, written by the caller) replaces it; the old version stays in the history.
    Result<SummaryResult> upsertSummary(const QString& userId, const QString& topicKey, const QString& text,
                                        const QString& conversationId, Json metadata = Json::object());

    // The first sentences of a reply, cut at a sentence end near `maxChars`.
    static QString gist(const QString& reply, int maxChars);
    // Topic keys compare case- and width-insensitively.
    static QString normalizeTopic(const QString& topic);

private:
    bool isNearDuplicate(const Episode& previous, const QString& question) const;

    MemoryContext& m_ctx;
};

} // namespace engram

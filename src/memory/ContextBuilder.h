#pragma once

#include "core/MemoryTypes.h"
#include "core/Result.h"
#include "llm/LlmTypes.h"
#include "memory/VectorIndex.h"
#include "storage/TableWrites.h"

#include <QList>

#include <optional>

namespace engram {

struct MemoryContext;
class Retriever;
struct EpisodeHit;

// What went into one section of the prompt: the memory ids and their estimated tokens.
struct ContextSection
{
    QString name; // "system", "profile", "summaries", "exchanges", "window", "message"
    QStringList ids;
    int tokens{};
    int budget{};       // 0 = not budgeted
    QStringList labels; // each item's text as stored (a fact's "predicate: object"), beside its id
};

struct ContextResult
{
    QList<ChatMessage> messages;
    QList<ContextSection> sections;

    int totalTokens() const;
    QStringList memoryIds() const; // every memory id used, in prompt order
    const ContextSection* section(const QString& name) const;
};

struct ContextRequest
{
    QString userId;
    QString conversationId;
    QString query; // the new user message (already redacted)
    QString systemPrompt;
    bool chinese{};           // section headings in Chinese
    bool includeMemory{true}; // false: incognito or memory off — only the window and the message
    QString queryMessageId;   // the stored new message, if any: it goes last, not in the window section
    bool countAccess{true};   // false: reading memory must not write (incognito)
    // The query's embedding, when there is one: retrieval fuses BM25 with cosine.
    std::optional<QueryVector> queryVector{};
};

// Assembles the prompt of one turn: system prompt, user profile (pinned facts, then active facts
// by confidence), summaries and related past exchanges for the query, the working window as
// real chat messages, and the new message. Each section is cut to its token budget by priority,
// never mid-item, and the result records which memory ids went in (provenance).
class ContextBuilder final
{
public:
    ContextBuilder(MemoryContext& ctx, const Retriever& retriever);

    Result<ContextResult> build(const ContextRequest& request) const;

private:
    Result<ContextSection> profile(const ContextRequest& r, QString& text) const;
    Result<ContextSection> readProfile(const ContextRequest& r, QString& text) const;
    ContextSection summaries(const ContextRequest& r, const QList<EpisodeHit>& hits, int budget, QString& text) const;
    ContextSection exchanges(const ContextRequest& r, const QList<EpisodeHit>& hits, int budget,
                             const QSet<QString>& windowIds, QString& text) const;
    Result<ContextSection> window(const ContextRequest& r, QList<ChatMessage>& out, QSet<QString>& ids) const;

    MemoryContext& m_ctx;
    const Retriever& m_retriever;
    // The profile depends on the facts alone: it is kept until one of them changes.
    struct CachedProfile
    {
        QString userId;
        bool chinese{};
        int budget{};
        TableWrites::Version version;
        ContextSection section;
        QString text;
    };
    mutable TableWrites m_factWrites;
    mutable std::optional<CachedProfile> m_profile;
};

} // namespace engram

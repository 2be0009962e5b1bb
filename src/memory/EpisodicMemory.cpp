#include "memory/EpisodicMemory.h"

#include "core/SearchTokenizer.h"
#include "memory/ItemJson.h"
#include "memory/MemoryContext.h"

#include <QSet>

#include <cmath>

namespace engram {

EpisodicMemory::EpisodicMemory(MemoryContext& ctx)
    : m_ctx(ctx)
{}

QString EpisodicMemory::gist(const QString& reply, int maxChars)
{
    const QString text = reply.simplified();
    if (text.size() <= maxChars)
        return text;
    // Prefer ending at a sentence end in the second half of the allowance.
    static const QString enders = QStringLiteral("。！？.!?；;\n");
    for (qsizetype i = maxChars - 1; i >= maxChars / 2; --i) {
        if (enders.contains(text.at(i)))
            return text.left(i + 1);
    }
    return text.left(maxChars - 1) + QChar(0x2026);
}

QString EpisodicMemory::normalizeTopic(const QString& topic)
{
    return FactStore::normalizeKey(topic);
}

bool EpisodicMemory::isNearDuplicate(const Episode& previous, const QString& question) const
{
    const auto la = static_cast<double>(previous.content.size());
    const auto lb = static_cast<double>(question.size());
    // Neither test below passes for lengths this far apart unless the texts are the same trimmed:
    // most turns end here without tokenizing.
    if (std::abs(la - lb) > 0.1 * std::max(la, lb) && previous.content.trimmed() != question.trimmed())
        return false;
    const QStringList a = SearchTokenizer::tokenize(previous.content);
    const QStringList b = SearchTokenizer::tokenize(question);
    if (a.isEmpty() || b.isEmpty())
        return previous.content.trimmed() == question.trimmed();
    const QSet<QString> sa(a.cbegin(), a.cend());
    const QSet<QString> sb(b.cbegin(), b.cend());
    return sa == sb && std::abs(la - lb) <= 0.1 * std::max(la, lb);
}

Result<EpisodicMemory::Recorded> EpisodicMemory::recordExchange(const QString& userId, const QString& conversationId,
                                                                const QString& question, const QString& reply,
                                                                Json metadata)
{
    if (question.trimmed().isEmpty())
        return Error::invalid(QStringLiteral("An exchange needs the user's message"));
    const QDateTime now = m_ctx.clock.now();
    auto previous = m_ctx.episodes.latestExchange(userId);
    if (!previous)
        return previous.error();
    if (*previous && isNearDuplicate(**previous, question)) {
        Episode e = **previous;
        if (auto st = m_ctx.episodes.touch(userId, {e.id}, now); !st)
            return st.error();
        e.accessCount += 1;
        e.lastAccessAt = now;
        return Recorded{e, true};
    }
    Episode e;
    e.id = newId();
    e.userId = userId;
    e.kind = EpisodeKind::Exchange;
    e.content = question;
    e.response = gist(reply, m_ctx.config.replyGistChars);
    e.conversationId = conversationId;
    e.createdAt = e.updatedAt = e.lastAccessAt = now;
    e.metadata = std::move(metadata);
    if (auto st = m_ctx.episodes.insert(e); !st)
        return st.error();
    if (auto st = m_ctx.record(userId, e.id, QStringLiteral("episode"), QStringLiteral("create"), Actor::System,
                               nullptr, itemjson::toJson(e));
        !st)
        return st.error();
    return Recorded{e, false};
}

Result<EpisodicMemory::SummaryResult> EpisodicMemory::upsertSummary(const QString& userId, const QString& topicKey,
                                                                    const QString& text, const QString& conversationId,
                                                                    Json metadata)
{
    const QString topic = normalizeTopic(topicKey);
    if (text.trimmed().isEmpty())
        return Error::invalid(QStringLiteral("A summary cannot be empty"));
    const QDateTime now = m_ctx.clock.now();
    if (!topic.isEmpty()) {
        auto existing = m_ctx.episodes.activeSummaryForTopic(userId, topic);
        if (!existing)
            return existing.error();
        if (*existing) {
            Episode e = **existing;
            const Json before = itemjson::toJson(e);
            e.content = text;
            e.updatedAt = now;
            e.lastAccessAt = now;
            for (auto it = metadata.begin(); it != metadata.end(); ++it)
                e.metadata[it.key()] = it.value();
            if (auto st = m_ctx.episodes.update(e); !st)
                return st.error();
            if (auto st = m_ctx.record(userId, e.id, QStringLiteral("episode"), QStringLiteral("merge"),
                                       Actor::Assistant, before, itemjson::toJson(e));
                !st)
                return st.error();
            return SummaryResult{e, true};
        }
    }
    Episode e;
    e.id = newId();
    e.userId = userId;
    e.kind = EpisodeKind::Summary;
    e.content = text;
    e.topicKey = topic;
    e.conversationId = conversationId;
    e.createdAt = e.updatedAt = e.lastAccessAt = now;
    e.metadata = std::move(metadata);
    if (auto st = m_ctx.episodes.insert(e); !st)
        return st.error();
    if (auto st = m_ctx.record(userId, e.id, QStringLiteral("episode"), QStringLiteral("create"), Actor::Assistant,
                               nullptr, itemjson::toJson(e));
        !st)
        return st.error();
    return SummaryResult{e, false};
}

} // namespace engram

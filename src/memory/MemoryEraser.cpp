#include "memory/MemoryEraser.h"

#include "memory/MemoryContext.h"

namespace engram {

MemoryEraser::MemoryEraser(MemoryContext& ctx)
    : m_ctx(ctx)
{}

Result<ClearReport> MemoryEraser::eraseRows(const QString& userId)
{
    const auto take = [](Result<int> removed, int& into) -> Status {
        if (!removed)
            return removed.error();
        into = *removed;
        return {};
    };
    ClearReport report;
    Status st = take(m_ctx.messages.removeAllOf(userId), report.messages);
    if (st)
        st = take(m_ctx.users.removeConversationsOf(userId), report.conversations);
    if (st)
        st = take(m_ctx.episodes.removeAllOf(userId), report.episodes);
    if (st)
        st = take(m_ctx.facts.removeAllOf(userId), report.facts);
    if (st)
        st = take(m_ctx.events.removeAllOf(userId), report.events);
    const QStringList handled{QStringLiteral("users"),    QStringLiteral("messages"), QStringLiteral("conversations"),
                              QStringLiteral("episodes"), QStringLiteral("facts"),    QStringLiteral("events"),
                              QStringLiteral("trash"),
                              // what the user lets each AI tool do is a setting, not a memory
                              QStringLiteral("tool_clients")};
    if (st)
        st = take(m_ctx.users.removeRowsElsewhere(userId, handled), report.other);
    if (!st)
        return st.error();
    return report;
}

Status MemoryEraser::scrub()
{
    if (auto st = m_ctx.episodes.optimizeIndex(); !st)
        return st;
    if (auto st = m_ctx.facts.optimizeIndex(); !st)
        return st;
    return m_ctx.db.checkpoint();
}

} // namespace engram

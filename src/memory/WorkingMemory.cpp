#include "memory/WorkingMemory.h"

#include "memory/ItemJson.h"
#include "memory/MemoryContext.h"

namespace engram {

WorkingMemory::WorkingMemory(MemoryContext& ctx)
    : m_ctx(ctx)
{}

Result<AppendedMessage> WorkingMemory::append(Message message)
{
    if (message.id.isEmpty())
        message.id = newId();
    if (!message.createdAt.isValid())
        message.createdAt = m_ctx.clock.now();
    message.windowState = WindowState::InWindow;
    if (auto st = m_ctx.messages.insert(message); !st)
        return st.error();
    auto evicted = evict(message.userId, message.conversationId);
    if (!evicted)
        return evicted.error();
    return AppendedMessage{std::move(message), std::move(evicted).value()};
}

Result<QList<Message>> WorkingMemory::window(const QString& userId, const QString& conversationId) const
{
    return m_ctx.messages.inState(userId, WindowState::InWindow, conversationId);
}

Result<QStringList> WorkingMemory::evict(const QString& userId, const QString& conversationId)
{
    // Only roles, pins and ids matter here: the texts are not read.
    auto current = m_ctx.messages.inState(userId, WindowState::InWindow, conversationId, MessageDetail::RolesOnly);
    if (!current)
        return current.error();
    // Walk back from the newest message and count rounds by user messages; a round begins with
    // the user's message, so everything before the K-th user message from the end is out.
    const int keep = m_ctx.config.windowRounds;
    int rounds = 0;
    qsizetype firstKept = current->size();
    for (qsizetype i = current->size() - 1; i >= 0; --i) {
        const Message& m = current->at(i);
        if (m.pinned || m.role != Role::User)
            continue;
        if (++rounds > keep)
            break;
        firstKept = i;
    }
    if (rounds <= keep)
        return QStringList();
    QStringList out;
    for (qsizetype i = 0; i < firstKept; ++i) {
        if (!current->at(i).pinned)
            out.append(current->at(i).id);
    }
    if (auto st = m_ctx.messages.setWindowState(userId, out, WindowState::Buffered); !st)
        return st.error();
    return out;
}

Result<QList<Message>> WorkingMemory::summaryBuffer(const QString& userId) const
{
    return m_ctx.messages.inState(userId, WindowState::Buffered);
}

Status WorkingMemory::markSummarized(const QString& userId, const QStringList& ids)
{
    return m_ctx.messages.setWindowState(userId, ids, WindowState::Summarized);
}

Status WorkingMemory::removeFromWindow(const QString& userId, const QString& id)
{
    auto before = m_ctx.messages.find(userId, id);
    if (!before)
        return before.error();
    if (auto st = m_ctx.messages.setWindowState(userId, {id}, WindowState::Removed); !st)
        return st;
    Message after = *before;
    after.windowState = WindowState::Removed;
    return m_ctx.record(userId, id, QStringLiteral("message"), QStringLiteral("remove"), Actor::User,
                        itemjson::toJson(*before), itemjson::toJson(after));
}

} // namespace engram

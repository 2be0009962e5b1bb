#pragma once

#include "core/MemoryTypes.h"
#include "core/Result.h"

#include <QList>

namespace engram {

struct MemoryContext;

// A message stored in the window, and what it pushed out.
struct AppendedMessage
{
    Message message;
    QStringList evicted; // ids moved to the summary buffer, oldest first
};

// The last K rounds of one conversation, verbatim, kept by strict FIFO. The window lives in the
// transcript (each message's window state), so it is restored as it was when the app starts
// again. Messages that fall out go to the summary buffer; pinned messages never fall out.
class WorkingMemory final
{
public:
    explicit WorkingMemory(MemoryContext& ctx);

    // Stores a message of the conversation in the window, then evicts what no longer fits.
    Result<AppendedMessage> append(Message message);

    // The window of a conversation, oldest first (pinned messages included).
    Result<QList<Message>> window(const QString& userId, const QString& conversationId) const;

    // Moves everything beyond the last K rounds (except pinned messages) to the summary buffer.
    // Returns the ids it moved, oldest first.
    Result<QStringList> evict(const QString& userId, const QString& conversationId);

    // Evicted messages not yet summarised, oldest first, of every conversation of the user.
    Result<QList<Message>> summaryBuffer(const QString& userId) const;
    Status markSummarized(const QString& userId, const QStringList& ids);

    // The model stops seeing a message; the transcript still shows it.
    Status removeFromWindow(const QString& userId, const QString& id);

private:
    MemoryContext& m_ctx;
};

} // namespace engram

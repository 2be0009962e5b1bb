#include "OfflineChatEngine.h"

#include <QTimer>

namespace engram {

OfflineChatEngine::OfflineChatEngine(QObject* parent)
    : ChatEngine(parent)
{}

QString OfflineChatEngine::send(const TurnRequest& /*request*/)
{
    return failTurn();
}

QString OfflineChatEngine::regenerate(const TurnRequest& /*request*/)
{
    return failTurn();
}

Status OfflineChatEngine::undoMemory(const QString& /*userId*/, const QString& /*undoToken*/)
{
    return Error::notFound(tr("There is nothing to undo."));
}

QString OfflineChatEngine::failTurn()
{
    const QString turnId = newId();
    // Queued like a real engine's network answer, so the window sees the same order of events.
    QTimer::singleShot(0, this, [this, turnId] {
        Q_EMIT turnStarted(turnId, QString());
        Q_EMIT replyFailed(turnId, ErrorKind::NotConfigured, tr("No model client is connected in this build."));
    });
    return turnId;
}

} // namespace engram

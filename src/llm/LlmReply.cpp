#include "llm/LlmReply.h"

#include <algorithm>

namespace engram {

LlmReply::LlmReply(QObject* parent)
    : QObject(parent)
{}

LlmReply::~LlmReply() = default;

void LlmReply::cancel()
{
    if (!end())
        return;
    m_error = LlmError::cancelled();
    // Abort first, so that nothing the network layer does on abort can reach the caller.
    if (m_abort)
        std::exchange(m_abort, {})();
    Q_EMIT failed(*m_error);
    afterEnd();
}

void LlmReply::fail(const LlmError& error)
{
    endWith([&] {
        m_error = error;
        Q_EMIT failed(error);
    });
}

void LlmReply::notifyRetrying(int attempt, int delayMs, const LlmError& reason)
{
    if (!m_ended)
        Q_EMIT retrying(attempt, delayMs, reason);
}

bool LlmReply::end()
{
    if (m_ended)
        return false;
    m_ended = true;
    return true;
}

void LlmReply::afterEnd()
{
    if (m_autoDelete)
        deleteLater();
}

ChatReply::ChatReply(bool streaming, QObject* parent)
    : LlmReply(parent)
    , m_streaming(streaming)
{}

void ChatReply::appendDelta(const QString& piece)
{
    if (isFinished() || piece.isEmpty())
        return;
    m_text += piece;
    Q_EMIT delta(piece);
}

void ChatReply::finish(const ChatResult& result)
{
    endWith([&] {
        m_text = result.text;
        Q_EMIT finished(result);
    });
}

EmbeddingReply::EmbeddingReply(QObject* parent)
    : LlmReply(parent)
{}

void EmbeddingReply::finish(const EmbeddingResult& result)
{
    endWith([&] { Q_EMIT finished(result); });
}

ModelListReply::ModelListReply(QObject* parent)
    : LlmReply(parent)
{}

void ModelListReply::finish(const QStringList& models)
{
    finish(ModelCatalog::fromIds(models));
}

void ModelListReply::finish(const ModelCatalog& catalog)
{
    m_catalog = catalog;
    QStringList all = catalog.chatModels + catalog.embeddingModels;
    std::sort(all.begin(), all.end());
    endWith([&] { Q_EMIT finished(all); });
}

namespace {

template <typename Reply, typename Value>
void connectDone(Reply* reply, QObject* context, std::function<void(const LlmResult<Value>&)> done)
{
    auto shared = std::make_shared<std::function<void(const LlmResult<Value>&)>>(std::move(done));
    QObject::connect(reply, &Reply::finished, context, [shared](const Value& value) { (*shared)(value); });
    QObject::connect(reply, &LlmReply::failed, context, [shared](const LlmError& error) { (*shared)(error); });
}

} // namespace

void whenDone(ChatReply* reply, QObject* context, std::function<void(const LlmResult<ChatResult>&)> done)
{
    connectDone(reply, context, std::move(done));
}

void whenDone(EmbeddingReply* reply, QObject* context, std::function<void(const LlmResult<EmbeddingResult>&)> done)
{
    connectDone(reply, context, std::move(done));
}

void whenDone(ModelListReply* reply, QObject* context, std::function<void(const LlmResult<QStringList>&)> done)
{
    connectDone(reply, context, std::move(done));
}

} // namespace engram

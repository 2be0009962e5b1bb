#pragma once

#include "llm/LlmError.h"
#include "llm/LlmTypes.h"
#include "llm/ModelCatalog.h"

#include <QObject>
#include <QStringList>

#include <functional>
#include <optional>

namespace engram {

// The caller's handle on one model request. It ends exactly once: with its own `finished` signal
// or with `failed`. After that it emits nothing more and, unless told otherwise, deletes itself
// (deleteLater), so connect to it and forget it. Backends — LlmClient, or a fake in a test —
// drive it through the "for backends" methods.
class LlmReply : public QObject
{
    Q_OBJECT

public:
    ~LlmReply() override;

    bool isFinished() const { return m_ended; }
    // The error it failed with, if it did.
    const std::optional<LlmError>& error() const { return m_error; }
    // Ends the request now: the network request is aborted, `failed` (kind Cancelled) is emitted
    // before this returns, and no other signal follows. Does nothing once finished.
    void cancel();
    // Keep the object after it ends. Default: delete itself. It stays a child of its backend, so
    // a caller that keeps it must delete it before the backend goes (or leave it to the backend).
    void setAutoDelete(bool on) { m_autoDelete = on; }

    // For backends.
    void fail(const LlmError& error);
    void notifyRetrying(int attempt, int delayMs, const LlmError& reason);
    // Called by cancel() to stop the work behind the reply.
    void setAbortHandler(std::function<void()> handler) { m_abort = std::move(handler); }

Q_SIGNALS:
    void failed(const engram::LlmError& error);
    // A failed attempt will be repeated after `delayMs`; `attempt` counts from 1.
    void retrying(int attempt, int delayMs, const engram::LlmError& reason);

protected:
    explicit LlmReply(QObject* parent);
    // Marks the reply ended; false if it already was (then the caller must emit nothing).
    bool end();
    // Schedules deletion after the final signal, when auto-delete is on.
    void afterEnd();
    // Ends the reply by calling `emitFinished` (which emits the subclass's `finished`), unless it
    // had already ended.
    template <typename Emit>
    void endWith(Emit emitFinished)
    {
        if (!end())
            return;
        m_abort = {};
        emitFinished();
        afterEnd();
    }

private:
    std::function<void()> m_abort;
    std::optional<LlmError> m_error;
    bool m_ended{};
    bool m_autoDelete{true};
};

// A chat completion, streamed (`delta` for each piece of text as it arrives) or not (no deltas).
class ChatReply final : public LlmReply
{
    Q_OBJECT

public:
    explicit ChatReply(bool streaming, QObject* parent = nullptr);

    bool isStreaming() const { return m_streaming; }
    // The text received so far: all of it after `finished`, the part that arrived after `failed`.
    const QString& text() const { return m_text; }

    // For backends.
    void appendDelta(const QString& piece);
    void finish(const ChatResult& result);

Q_SIGNALS:
    void delta(const QString& piece);
    void finished(const engram::ChatResult& result);

private:
    QString m_text;
    bool m_streaming{};
};

// Embedding vectors for a list of texts.
class EmbeddingReply final : public LlmReply
{
    Q_OBJECT

public:
    explicit EmbeddingReply(QObject* parent = nullptr);
    // For backends.
    void finish(const EmbeddingResult& result);

Q_SIGNALS:
    void finished(const engram::EmbeddingResult& result);
};

// The ids of the models an endpoint offers.
class ModelListReply final : public LlmReply
{
    Q_OBJECT

public:
    explicit ModelListReply(QObject* parent = nullptr);
    // For backends: plain ids (split into chat and embedding models by name), or a catalog.
    void finish(const QStringList& models);
    void finish(const ModelCatalog& catalog);

    // The models, split; complete once finished() was emitted.
    const ModelCatalog& catalog() const { return m_catalog; }

Q_SIGNALS:
    // All of the models, sorted.
    void finished(const QStringList& models);

private:
    ModelCatalog m_catalog;
};

// Callback style: calls `done` once, with the result or the error, unless `context` is gone by then.
void whenDone(ChatReply* reply, QObject* context, std::function<void(const LlmResult<ChatResult>&)> done);
void whenDone(EmbeddingReply* reply, QObject* context, std::function<void(const LlmResult<EmbeddingResult>&)> done);
void whenDone(ModelListReply* reply, QObject* context, std::function<void(const LlmResult<QStringList>&)> done);

} // namespace engram

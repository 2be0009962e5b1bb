#pragma once

#include "llm/ChatStreamDecoder.h"
#include "llm/LlmCall.h"

#include <QStringList>

// The concrete requests LlmClient makes: chat (streamed or whole), embeddings, the model list.
namespace engram::detail {

// What this client has learnt the endpoint refuses, so later requests leave it out at once.
struct ServerQuirks
{
    bool noJsonMode{};    // refused response_format
    bool noStreamUsage{}; // refused stream_options
};

class ChatCall final : public LlmCall
{
    Q_OBJECT

public:
    ChatCall(QNetworkAccessManager& nam, const LlmSettings& settings, ChatReply& reply, ChatRequest request,
             ServerQuirks& quirks);

protected:
    QUrl url() const override { return settings().endpoint(QStringLiteral("chat/completions")); }
    QByteArray body() const override;
    bool streams() const override { return m_chat.isStreaming(); }
    void resetAttempt() override;
    void onStreamBytes(const QByteArray& bytes) override;
    void onSuccess(const QByteArray& body) override;
    bool adaptTo(const LlmError& error, const QByteArray& body) override;
    bool hasDelivered() const override { return !m_chat.text().isEmpty(); }

private:
    // Passes a piece of the stream on, up to kMaxReplyChars; the piece that crosses the limit ends
    // the reply, cut there. False once the reply has ended (cut, or cancelled from a slot).
    bool deliver(const QString& piece);
    bool sendsJsonMode() const { return m_request.jsonObject && !m_quirks.noJsonMode; }
    bool sendsStreamUsage() const { return streams() && !m_quirks.noStreamUsage; }

    ChatReply& m_chat;
    ChatRequest m_request;
    QString m_model;
    ServerQuirks& m_quirks;
    ChatStreamDecoder m_decoder;
};

class EmbeddingCall final : public LlmCall
{
    Q_OBJECT

public:
    EmbeddingCall(QNetworkAccessManager& nam, const LlmSettings& settings, EmbeddingReply& reply, QStringList texts,
                  QString model);

protected:
    QUrl url() const override { return settings().endpoint(QStringLiteral("embeddings")); }
    QByteArray body() const override;
    void onSuccess(const QByteArray& body) override;

private:
    EmbeddingReply& m_embedding;
    QStringList m_texts;
    QString m_model;
};

class ModelListCall final : public LlmCall
{
    Q_OBJECT

public:
    ModelListCall(QNetworkAccessManager& nam, const LlmSettings& settings, ModelListReply& reply);

protected:
    QByteArray verb() const override { return QByteArrayLiteral("GET"); }
    QUrl url() const override { return settings().endpoint(QStringLiteral("models")); }
    void onSuccess(const QByteArray& body) override;

private:
    ModelListReply& m_models;
};

// Ollama's own model list, GET /api/tags at the address without "/v1": it names each model's
// family, which tells embedding models apart.
class OllamaTagsCall final : public LlmCall
{
    Q_OBJECT

public:
    OllamaTagsCall(QNetworkAccessManager& nam, const LlmSettings& settings, ModelListReply& reply);

protected:
    QByteArray verb() const override { return QByteArrayLiteral("GET"); }
    QUrl url() const override;
    void onSuccess(const QByteArray& body) override;

private:
    ModelListReply& m_models;
};

} // namespace engram::detail

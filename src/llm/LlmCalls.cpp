#include "llm/LlmCalls.h"

#include "llm/OpenAiProtocol.h"

#include <QLoggingCategory>

Q_DECLARE_LOGGING_CATEGORY(lcLlm)

namespace engram::detail {
namespace {

// Whether a refusal (400, or 422 from FastAPI-based servers) is about the optional `field`.
bool refusesField(const LlmError& error, const QByteArray& body, const char* field)
{
    if (error.httpStatus != 400 && error.httpStatus != 422)
        return false;
    return body.contains(field) || error.serverMessage.contains(QLatin1String(field));
}

// Where to cut `text` to at most kMaxReplyChars code units without splitting a surrogate pair.
qsizetype cutPoint(const QString& text, qsizetype limit)
{
    if (text.size() <= limit)
        return text.size();
    return limit > 0 && text[limit - 1].isHighSurrogate() ? limit - 1 : limit;
}

} // namespace

ChatCall::ChatCall(QNetworkAccessManager& nam, const LlmSettings& settings, ChatReply& reply, ChatRequest request,
                   ServerQuirks& quirks)
    : LlmCall(nam, settings, reply)
    , m_chat(reply)
    , m_request(std::move(request))
    , m_model(m_request.model.isEmpty() ? settings.modelFor(m_request.use) : m_request.model)
    , m_quirks(quirks)
{
    setContextModel(m_model);
}

QByteArray ChatCall::body() const
{
    return openai::serialize(openai::chatBody(m_request, m_model, {streams(), sendsStreamUsage(), sendsJsonMode()}));
}

void ChatCall::resetAttempt()
{
    m_decoder = ChatStreamDecoder(context());
}

void ChatCall::onStreamBytes(const QByteArray& bytes)
{
    for (const QString& piece : m_decoder.feed(bytes)) {
        if (!deliver(piece))
            return;
    }
    if (m_decoder.hasFailed()) {
        stop();
        attemptFailed(*m_decoder.error());
    } else if (m_decoder.isDone()) {
        m_chat.finish(m_decoder.result());
    }
}

bool ChatCall::deliver(const QString& piece)
{
    const qsizetype room = kMaxReplyChars - m_chat.text().size();
    if (piece.size() <= room) {
        m_chat.appendDelta(piece);
        return !m_chat.isFinished();
    }
    m_chat.appendDelta(piece.left(cutPoint(piece, room)));
    if (m_chat.isFinished())
        return false;
    qCInfo(lcLlm).noquote() << "the reply is longer than" << kMaxReplyChars << "characters: cut there";
    stop(); // nothing past the limit is read
    ChatResult cut = m_decoder.result();
    cut.text = m_chat.text();
    cut.truncated = true;
    m_chat.finish(cut);
    return false;
}

void ChatCall::onSuccess(const QByteArray& body)
{
    if (!body.isEmpty() || !streams()) {
        auto parsed = openai::parseChatCompletion(body, context());
        if (!parsed) {
            attemptFailed(parsed.error());
            return;
        }
        ChatResult result = *parsed;
        if (const qsizetype keep = cutPoint(result.text, kMaxReplyChars); keep < result.text.size()) {
            result.text.truncate(keep);
            result.truncated = true;
        }
        if (streams())
            m_chat.appendDelta(result.text); // a server that ignored "stream": one piece
        m_chat.finish(result);
        return;
    }
    if (m_decoder.isDone() || m_decoder.hasFinishReason())
        m_chat.finish(m_decoder.result()); // some servers end without [DONE]
    else if (hasDelivered() || receivedBytes() == 0)
        attemptFailed(LlmError::interrupted()); // retried when nothing was shown yet
    else
        attemptFailed(LlmError::unreadable(LlmError::tr("The stream held no text.")));
}

bool ChatCall::adaptTo(const LlmError& error, const QByteArray& body)
{
    if (sendsJsonMode() && refusesField(error, body, "response_format")) {
        m_quirks.noJsonMode = true;
        return true;
    }
    if (sendsStreamUsage() && refusesField(error, body, "stream_options")) {
        m_quirks.noStreamUsage = true;
        return true;
    }
    return false;
}

EmbeddingCall::EmbeddingCall(QNetworkAccessManager& nam, const LlmSettings& settings, EmbeddingReply& reply,
                             QStringList texts, QString model)
    : LlmCall(nam, settings, reply)
    , m_embedding(reply)
    , m_texts(std::move(texts))
    , m_model(std::move(model))
{
    setContextModel(m_model);
}

QByteArray EmbeddingCall::body() const
{
    return openai::serialize(openai::embeddingsBody(m_texts, m_model));
}

void EmbeddingCall::onSuccess(const QByteArray& body)
{
    auto result = openai::parseEmbeddings(body, m_texts.size(), context());
    if (result)
        m_embedding.finish(*result);
    else
        attemptFailed(result.error());
}

ModelListCall::ModelListCall(QNetworkAccessManager& nam, const LlmSettings& settings, ModelListReply& reply)
    : LlmCall(nam, settings, reply)
    , m_models(reply)
{}

void ModelListCall::onSuccess(const QByteArray& body)
{
    auto result = openai::parseModelList(body, context());
    if (result)
        m_models.finish(*result);
    else
        attemptFailed(result.error());
}

OllamaTagsCall::OllamaTagsCall(QNetworkAccessManager& nam, const LlmSettings& settings, ModelListReply& reply)
    : LlmCall(nam, settings, reply)
    , m_models(reply)
{}

QUrl OllamaTagsCall::url() const
{
    return QUrl(ModelCatalog::ollamaRoot(settings().baseUrl) + QStringLiteral("/api/tags"));
}

void OllamaTagsCall::onSuccess(const QByteArray& body)
{
    auto result = ModelCatalog::fromOllamaTags(body);
    if (result)
        m_models.finish(*result);
    else
        attemptFailed(result.error());
}

} // namespace engram::detail

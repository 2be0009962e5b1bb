#include "llm/LlmClient.h"

#include "llm/LlmCalls.h"

#include <QNetworkAccessManager>
#include <QTimer>

namespace engram {

LlmClient::LlmClient(const LlmSettings& settings, QObject* parent)
    : QObject(parent)
    , m_nam(new QNetworkAccessManager(this))
    , m_settings(settings)
    , m_quirks(std::make_unique<detail::ServerQuirks>())
{
    // HTTP/2 multiplexing is welcome over TLS; plain-HTTP local servers speak HTTP/1.1 anyway.
    m_nam->setRedirectPolicy(QNetworkRequest::NoLessSafeRedirectPolicy);
}

LlmClient::~LlmClient()
{
    // Replies (and the calls inside them) are children of this object; they go first, silently.
    const auto replies = findChildren<LlmReply*>(QString(), Qt::FindDirectChildrenOnly);
    for (LlmReply* r : replies)
        delete r;
}

void LlmClient::setSettings(const LlmSettings& settings)
{
    m_settings = settings;
    *m_quirks = detail::ServerQuirks();
}

ChatReply* LlmClient::streamChat(const ChatRequest& request)
{
    return startChat(request, true);
}

ChatReply* LlmClient::complete(const ChatRequest& request)
{
    return startChat(request, false);
}

ChatReply* LlmClient::startChat(const ChatRequest& request, bool stream)
{
    auto* reply = new ChatReply(stream, this);
    const QString model = request.model.isEmpty() ? m_settings.modelFor(request.use) : request.model;
    if (failEarly(reply, model))
        return reply;
    auto* call = new detail::ChatCall(*m_nam, m_settings, *reply, request, *m_quirks);
    call->start();
    return reply;
}

EmbeddingReply* LlmClient::embed(const QStringList& texts, const QString& model)
{
    auto* reply = new EmbeddingReply(this);
    const QString chosen = model.isEmpty() ? m_settings.embeddingModel : model;
    if (chosen.isEmpty()) {
        LlmError e;
        e.kind = LlmError::Kind::BadRequest;
        e.message = LlmError::tr("Embeddings are off. Choose an embedding model in the model settings to use them.");
        QTimer::singleShot(0, reply, [reply, e] { reply->fail(e); });
        return reply;
    }
    if (texts.isEmpty()) {
        QTimer::singleShot(0, reply, [reply, chosen] { reply->finish({{}, chosen, std::nullopt}); });
        return reply;
    }
    if (failEarly(reply, chosen))
        return reply;
    auto* call = new detail::EmbeddingCall(*m_nam, m_settings, *reply, texts, chosen);
    call->start();
    return reply;
}

ModelListReply* LlmClient::listModels()
{
    return startModelList(false);
}

ModelListReply* LlmClient::listOllamaModels()
{
    return startModelList(true);
}

ModelListReply* LlmClient::startModelList(bool ollamaTags)
{
    auto* reply = new ModelListReply(this);
    if (failEarly(reply, QString()))
        return reply;
    if (ollamaTags)
        (new detail::OllamaTagsCall(*m_nam, m_settings, *reply))->start();
    else
        (new detail::ModelListCall(*m_nam, m_settings, *reply))->start();
    return reply;
}

bool LlmClient::failEarly(LlmReply* reply, const QString& model)
{
    const QUrl url = m_settings.endpoint(QStringLiteral("models"));
    const QString scheme = url.scheme();
    if (url.isValid() && !url.host().isEmpty() && (scheme == QLatin1String("http") || scheme == QLatin1String("https")))
        return false;
    const LlmError e = LlmError::unreachable({model, maskSecret(m_settings.baseUrl, m_settings.apiKey), {}},
                                             LlmError::tr("The address is not an http:// or https:// URL."));
    QTimer::singleShot(0, reply, [reply, e] { reply->fail(e); });
    return true;
}

} // namespace engram

#include "EndpointProbe.h"

#include "llm/LlmClient.h"
#include "llm/LlmReply.h"

#include <QCoreApplication>

namespace engram::EndpointProbe {

namespace {

LlmSettings probeSettings(const QString& baseUrl, const QString& apiKey, int timeoutSeconds)
{
    LlmSettings s;
    s.baseUrl = baseUrl.trimmed();
    s.apiKey = apiKey.trimmed();
    s.connectTimeoutMs = timeoutSeconds * 1000;
    s.requestTimeoutMs = std::max(s.connectTimeoutMs, 1000) * 2;
    s.maxRetries = 0;
    return s;
}

// Calls `done` with the list `start` asks `client` for, then lets the client go.
void listWith(LlmClient* client, ModelListReply* (LlmClient::*start)(), QObject* context,
              std::function<void(const LlmResult<ModelCatalog>&)> done)
{
    ModelListReply* reply = (client->*start)();
    QObject::connect(reply, &ModelListReply::finished, context, [client, reply, done] {
        done(reply->catalog());
        client->deleteLater();
    });
    QObject::connect(reply, &LlmReply::failed, context, [client, done](const LlmError& error) {
        done(error);
        client->deleteLater();
    });
}

} // namespace

void test(const EndpointCheck& check, QObject* context, std::function<void(bool ok, const QString& message)> done)
{
    LlmSettings s = probeSettings(check.baseUrl, check.apiKey, check.timeoutSeconds);
    s.chatModel = check.chatModel;
    listWith(new LlmClient(s, context), &LlmClient::listModels, context, [done](const LlmResult<ModelCatalog>& models) {
        if (!models)
            return done(false, models.error().text());
        const int count = int(models->chatModels.size() + models->embeddingModels.size());
        done(true, QCoreApplication::translate("EndpointProbe", "Connected: %Ln model(s) available.", nullptr, count));
    });
}

void findOllama(const QString& baseUrl, int timeoutSeconds, QObject* context,
                std::function<void(const LlmResult<ModelCatalog>& models)> done)
{
    auto* client = new LlmClient(probeSettings(baseUrl, QString(), timeoutSeconds), context);
    listWith(client, &LlmClient::listOllamaModels, context,
             [baseUrl, timeoutSeconds, context, done](const LlmResult<ModelCatalog>& tags) {
                 if (tags)
                     return done(tags);
                 // Not Ollama's own API: an OpenAI-compatible server there still lists its models.
                 auto* fallback = new LlmClient(probeSettings(baseUrl, QString(), timeoutSeconds), context);
                 listWith(fallback, &LlmClient::listModels, context,
                          [tags, done](const LlmResult<ModelCatalog>& models) { done(models ? models : tags); });
             });
}

} // namespace engram::EndpointProbe

#pragma once

#include "llm/LlmError.h"
#include "llm/ModelCatalog.h"

#include <QString>

#include <functional>

class QObject;

namespace engram {

// What "Test connection" checks: the endpoint as a dialog shows it now, before it is saved.
struct EndpointCheck
{
    QString baseUrl;
    QString apiKey;
    QString chatModel;
    int timeoutSeconds{};
};

// Asks an endpoint which models it offers: Settings' "Test connection" and the first-start setup's
// search for a local Ollama. Each call makes a short-lived client, never retries, and answers once,
// on the GUI thread, unless `context` is gone by then.
namespace EndpointProbe {

// Lists the models with these settings: `ok` and "Connected: N models available.", or why not.
void test(const EndpointCheck& check, QObject* context, std::function<void(bool ok, const QString& message)> done);

// Ollama's models at its OpenAI-compatible address `baseUrl`: its own list (/api/tags, which tells
// embedding models apart), else the OpenAI-compatible one (/v1/models) of a newer or look-alike server.
void findOllama(const QString& baseUrl, int timeoutSeconds, QObject* context,
                std::function<void(const LlmResult<ModelCatalog>& models)> done);

} // namespace EndpointProbe

} // namespace engram

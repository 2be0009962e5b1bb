#pragma once

#include "llm/ChatBackend.h"
#include "llm/LlmSettings.h"

#include <QObject>

#include <memory>

class QNetworkAccessManager;

namespace engram {

namespace detail {
struct ServerQuirks;
}

// Talks to an OpenAI-compatible endpoint over one QNetworkAccessManager: streamed and whole chat
// completions, JSON-object replies, embeddings and the model list, with timeouts, retries and
// errors a user can read. The API key is sent, never logged. Lives on the thread that uses it.
class LlmClient final : public QObject, public ChatBackend
{
    Q_OBJECT

public:
    explicit LlmClient(const LlmSettings& settings, QObject* parent = nullptr);
    ~LlmClient() override;

    const LlmSettings& settings() const { return m_settings; }
    // Applies to requests started from now on; forgets what it learnt about the old endpoint.
    void setSettings(const LlmSettings& settings);

    ChatReply* streamChat(const ChatRequest& request) override;
    ChatReply* complete(const ChatRequest& request) override;
    EmbeddingReply* embed(const QStringList& texts, const QString& model = {}) override;
    bool canEmbed() const override { return m_settings.embeddingsEnabled(); }
    QString embeddingModel() const override { return m_settings.embeddingModel; }
    // GET /models: the endpoint's models (split into chat and embedding models by name).
    ModelListReply* listModels();
    // GET /api/tags beside the address: a local Ollama's models, split by their family.
    ModelListReply* listOllamaModels();

private:
    ChatReply* startChat(const ChatRequest& request, bool stream);
    ModelListReply* startModelList(bool ollamaTags);
    // A reply that fails (asynchronously) before anything is sent, when the settings cannot work.
    bool failEarly(LlmReply* reply, const QString& model);

    QNetworkAccessManager* m_nam{};
    LlmSettings m_settings;
    std::unique_ptr<detail::ServerQuirks> m_quirks;
};

} // namespace engram

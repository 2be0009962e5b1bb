#pragma once

#include "core/Result.h"
#include "llm/LlmTypes.h"

#include <QProcessEnvironment>
#include <QString>
#include <QUrl>

class QSettings;

namespace engram {

// The QSettings keys of the endpoint: the desktop app's Settings dialog writes them and
// engram-cli reads the same file. Timeouts the dialog shows are stored in whole seconds.
namespace LlmSettingsKey {
inline constexpr const char* baseUrl = "model/baseUrl";
inline constexpr const char* chatModel = "model/chatModel";
inline constexpr const char* extractionModel = "model/extractionModel";
inline constexpr const char* embeddingModel = "model/embeddingModel";
inline constexpr const char* connectTimeoutSeconds = "model/connectTimeoutSeconds"; // connectTimeoutMs
inline constexpr const char* replyTimeoutSeconds = "model/replyTimeoutSeconds";     // idleTimeoutMs
inline constexpr const char* replyDeadlineSeconds = "model/replyDeadlineSeconds";   // replyDeadlineMs
} // namespace LlmSettingsKey

// Where the model lives and how patiently to talk to it. The API key is held here in memory
// only: save() never writes it (a secret store keeps it) and load() never reads it.
struct LlmSettings
{
    QString baseUrl{defaultBaseUrl()}; // e.g. https://api.openai.com/v1, without a trailing slash
    QString apiKey;                    // may be empty for local servers
    QString chatModel{defaultChatModel()};
    QString extractionModel; // for extraction and summaries; empty: the chat model
    QString embeddingModel;  // empty: embeddings off

    int connectTimeoutMs{10000};  // to connect and send the request
    int idleTimeoutMs{120000};    // longest silence while a reply streams (and before its first byte:
                                  // a local server may first load the model)
    int requestTimeoutMs{300000}; // a whole non-streamed reply
    int replyDeadlineMs{300000};  // a whole streamed reply, however lively: keep-alives and empty pieces
                                  // reset the idle timeout, so only this ends a stream that never finishes
    int maxRetries{3};            // extra attempts after a 429, 5xx or network failure
    int retryBaseDelayMs{500};    // first backoff; doubles each attempt, with jitter
    int retryMaxDelayMs{20000};   // ceiling of the backoff
    int maxRetryAfterMs{60000};   // a longer Retry-After is not waited for: the request fails instead

    static QString defaultBaseUrl() { return QStringLiteral("http://127.0.0.1:11434/v1"); }
    static QString defaultChatModel() { return QStringLiteral("qwen2.5:7b"); }

    // The model for a request that names none.
    QString modelFor(ModelUse use) const;
    QString effectiveExtractionModel() const { return extractionModel.isEmpty() ? chatModel : extractionModel; }
    bool embeddingsEnabled() const { return !embeddingModel.isEmpty(); }
    // {baseUrl}/{path}, e.g. endpoint("chat/completions").
    QUrl endpoint(const QString& path) const;
    // "host:port" for messages and logs: never the user info, path or query of the URL.
    QString serverLabel() const;
    // Checks the values a user typed: an http(s) URL, positive timeouts, a chat model.
    Status validate() const;

    // Defaults, overlaid with the environment: what a first start uses.
    static LlmSettings fromEnvironment(const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment());
    // Overlays LLM_BASE_URL, LLM_API_KEY, LLM_MODEL, LLM_EMBEDDING_MODEL, OPENAI_BASE_URL, OPENAI_API_KEY (LLM_* win;
    // empty values count as unset), as `engram-cli chat` does on top of saved settings.
    void applyEnvironment(const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment());

    // Reads the group "model" (LlmSettingsKey); anything never saved comes from fromEnvironment(env), so
    // the key is the environment's (or empty): callers then set the one from their secret store.
    static LlmSettings load(const QSettings& settings,
                            const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment());
    // Writes every field except the API key to the group "model" (timeouts in seconds are rounded).
    void save(QSettings& settings) const;

    friend bool operator==(const LlmSettings&, const LlmSettings&) = default;
};

} // namespace engram

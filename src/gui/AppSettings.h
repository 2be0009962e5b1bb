#pragma once

#include "memory/MemoryConfig.h"

#include <QByteArray>
#include <QString>
#include <QVariant>

#include <memory>

class QSettings;

namespace engram {

struct LlmSettings;

// The app's preferences in QSettings: endpoint, models, timeouts, memory tunables, where the memory
// lives, language and window layout. Never the API key or the server's password — those live in a
// SecretStore.
class AppSettings final
{
public:
    // Empty `fileName`: the user's settings file for this organisation and app name.
    explicit AppSettings(const QString& fileName = {});
    ~AppSettings();
    AppSettings(const AppSettings&) = delete;
    AppSettings& operator=(const AppSettings&) = delete;

    QString fileName() const;
    void sync();

    // ---- model endpoint (defaults: LLM_BASE_URL / OPENAI_BASE_URL / LLM_MODEL, then a local Ollama)
    QString providerId() const;
    void setProviderId(const QString& id);
    QString baseUrl() const;
    void setBaseUrl(const QString& url);
    QString chatModel() const;
    void setChatModel(const QString& model);
    QString extractionModel() const; // empty: the chat model
    void setExtractionModel(const QString& model);
    QString embeddingModel() const; // empty: no embeddings, keyword search only
    void setEmbeddingModel(const QString& model);
    int connectTimeoutSeconds() const;
    void setConnectTimeoutSeconds(int seconds);
    int replyTimeoutSeconds() const;
    void setReplyTimeoutSeconds(int seconds);
    int replyDeadlineSeconds() const;
    void setReplyDeadlineSeconds(int seconds);

    // ---- memory
    bool memoryEnabled() const;
    void setMemoryEnabled(bool enabled);
    int windowRounds() const;
    void setWindowRounds(int rounds);
    int profileBudget() const;
    void setProfileBudget(int tokens);
    int episodicBudget() const;
    void setEpisodicBudget(int tokens);
    int windowBudget() const;
    void setWindowBudget(int tokens);
    int episodeCapacity() const;
    void setEpisodeCapacity(int episodes);
    int maxAgeDays() const; // 0: no age limit
    void setMaxAgeDays(int days);
    int backupsToKeep() const; // rolling backups of the memory file (default 7, at least 1)
    void setBackupsToKeep(int count);
    // `base` with every tunable the user can set replaced by the stored value.
    MemoryConfig memoryConfig(MemoryConfig base = {}) const;

    // ---- memory storage: the PostgreSQL server's address (postgresql://user@host:port/dbname, never
    // with a password) chosen in Settings → Memory storage; empty: the file on this computer. Takes
    // effect at the next start; --db and $ENGRAM_DB win over it.
    QString memoryServer() const;
    void setMemoryServer(const QString& url); // empty: forget the server

    // ---- general: "system", "zh_CN" or "en"; takes effect at the next start
    QString language() const;
    void setLanguage(const QString& language);

    // ---- first start: the welcome setup runs once, until finished or skipped. Not needed when
    // an endpoint is already configured (saved by an earlier version, or LLM_BASE_URL set).
    bool setupNeeded() const;
    void setSetupDone();

    // ---- session and layout
    QString lastUserId() const;
    void setLastUserId(const QString& id);
    QByteArray windowGeometry() const;
    void setWindowGeometry(const QByteArray& geometry);
    QByteArray windowState() const;
    void setWindowState(const QByteArray& state);
    QByteArray splitterState() const;
    void setSplitterState(const QByteArray& state);

    // The endpoint as the app's client and engram-cli use it (without the API key: the caller adds it).
    LlmSettings llmSettings() const;

    // The keychain entry that holds the endpoint's API key.
    static QString apiKeySecretName();
    // The keychain entry that holds the password of the memory server.
    static QString serverPasswordSecretName();
    static QString defaultBaseUrl();

private:
    QVariant value(const QString& key, const QVariant& fallback) const;
    int intValue(const QString& key, int fallback) const;
    void setValue(const QString& key, const QVariant& value);

    std::unique_ptr<QSettings> m_settings;
};

} // namespace engram

#pragma once

#include <QList>
#include <QString>

namespace engram {

// A known OpenAI-compatible provider: choosing it in Settings fills the address and suggests
// models. "custom" has no address of its own.
struct ProviderPreset
{
    QString id;   // stored in the settings: "openai", "deepseek", "dashscope", "moonshot", "ollama", "custom"
    QString name; // shown as is: provider names are not translated
    QString baseUrl;
    QString chatModel;
    QString embeddingModel;
    bool needsKey{true};
    QString helpUrl; // where to get a key (or, for Ollama, the program itself)

    static const QList<ProviderPreset>& all();
    // The preset with this id, or "custom".
    static const ProviderPreset& byId(const QString& id);
    // The preset whose address is exactly `baseUrl` (ignoring a trailing slash), or "custom".
    static const ProviderPreset& byBaseUrl(const QString& baseUrl);
};

} // namespace engram

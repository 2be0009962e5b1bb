#include "ProviderPreset.h"

namespace engram {

namespace {

QString normalized(QString url)
{
    url = url.trimmed();
    while (url.endsWith(QLatin1Char('/')))
        url.chop(1);
    return url;
}

} // namespace

const QList<ProviderPreset>& ProviderPreset::all()
{
    static const QList<ProviderPreset> presets{
        {QStringLiteral("openai"), QStringLiteral("OpenAI"), QStringLiteral("https://api.openai.com/v1"),
         QStringLiteral("gpt-4o-mini"), QStringLiteral("text-embedding-3-small"), true,
         QStringLiteral("https://platform.openai.com/api-keys")},
        {QStringLiteral("deepseek"), QStringLiteral("DeepSeek"), QStringLiteral("https://api.deepseek.com/v1"),
         QStringLiteral("deepseek-chat"), QString(), true, QStringLiteral("https://platform.deepseek.com/api_keys")},
        {QStringLiteral("dashscope"), QStringLiteral("Qwen (DashScope)"),
         QStringLiteral("https://dashscope.aliyuncs.com/compatible-mode/v1"), QStringLiteral("qwen-plus"),
         QStringLiteral("text-embedding-v3"), true, QStringLiteral("https://help.aliyun.com/zh/model-studio/get-api-key")},
        {QStringLiteral("moonshot"), QStringLiteral("Moonshot"), QStringLiteral("https://api.moonshot.cn/v1"),
         QStringLiteral("moonshot-v1-8k"), QString(), true,
         QStringLiteral("https://platform.moonshot.cn/console/api-keys")},
        {QStringLiteral("ollama"), QStringLiteral("Ollama"), QStringLiteral("http://127.0.0.1:11434/v1"),
         QStringLiteral("qwen2.5:7b"), QStringLiteral("nomic-embed-text"), false,
         QStringLiteral("https://ollama.com/download")},
        {QStringLiteral("custom"), QString(), QString(), QString(), QString(), false, QString()},
    };
    return presets;
}

const ProviderPreset& ProviderPreset::byId(const QString& id)
{
    for (const ProviderPreset& p : all()) {
        if (p.id == id)
            return p;
    }
    return all().last();
}

const ProviderPreset& ProviderPreset::byBaseUrl(const QString& baseUrl)
{
    const QString wanted = normalized(baseUrl);
    for (const ProviderPreset& p : all()) {
        if (!p.baseUrl.isEmpty() && p.baseUrl == wanted)
            return p;
    }
    return all().last();
}

} // namespace engram

#include "llm/LlmSettings.h"

#include <QCoreApplication>
#include <QSettings>

namespace engram {
namespace {

QString normalizedBase(QString url)
{
    url = url.trimmed();
    while (url.endsWith(QLatin1Char('/')))
        url.chop(1);
    return url;
}

QString firstSet(const QProcessEnvironment& env, std::initializer_list<const char*> names)
{
    for (const char* name : names) {
        const QString value = env.value(QString::fromLatin1(name)).trimmed();
        if (!value.isEmpty())
            return value;
    }
    return {};
}

// The QSettings keys, with the member each one stores.
struct IntField
{
    const char* key;
    int LlmSettings::*member;
    int unitMs; // 1000: the file holds seconds
};
constexpr IntField kIntFields[] = {
    {LlmSettingsKey::connectTimeoutSeconds, &LlmSettings::connectTimeoutMs, 1000},
    {LlmSettingsKey::replyTimeoutSeconds, &LlmSettings::idleTimeoutMs, 1000},
    {LlmSettingsKey::replyDeadlineSeconds, &LlmSettings::replyDeadlineMs, 1000},
    {"model/requestTimeoutMs", &LlmSettings::requestTimeoutMs, 1},
    {"model/maxRetries", &LlmSettings::maxRetries, 1},
    {"model/retryBaseDelayMs", &LlmSettings::retryBaseDelayMs, 1},
    {"model/retryMaxDelayMs", &LlmSettings::retryMaxDelayMs, 1},
    {"model/maxRetryAfterMs", &LlmSettings::maxRetryAfterMs, 1},
};

struct TextField
{
    const char* key;
    QString LlmSettings::*member;
};
constexpr TextField kTextFields[] = {
    {LlmSettingsKey::baseUrl, &LlmSettings::baseUrl},
    {LlmSettingsKey::chatModel, &LlmSettings::chatModel},
    {LlmSettingsKey::extractionModel, &LlmSettings::extractionModel},
    {LlmSettingsKey::embeddingModel, &LlmSettings::embeddingModel},
};

} // namespace

QString LlmSettings::modelFor(ModelUse use) const
{
    return use == ModelUse::Extraction ? effectiveExtractionModel() : chatModel;
}

QUrl LlmSettings::endpoint(const QString& path) const
{
    // Path-wise, so that a query some providers need (Azure's ?api-version=…) stays at the end.
    QUrl url(baseUrl.trimmed());
    QString base = url.path();
    while (base.endsWith(QLatin1Char('/')))
        base.chop(1);
    url.setPath(base + QLatin1Char('/') + path);
    return url;
}

QString LlmSettings::serverLabel() const
{
    const QUrl url(normalizedBase(baseUrl));
    if (!url.isValid() || url.host().isEmpty())
        return QCoreApplication::translate("LlmSettings", "(no valid address)");
    return url.port() < 0 ? url.host() : url.host() + QLatin1Char(':') + QString::number(url.port());
}

Status LlmSettings::validate() const
{
    const QUrl url(normalizedBase(baseUrl), QUrl::StrictMode);
    const QString scheme = url.scheme();
    if (!url.isValid() || url.host().isEmpty() || (scheme != QLatin1String("http") && scheme != QLatin1String("https")))
        return Error::invalid(QCoreApplication::translate(
                                  "LlmSettings", "“%1” is not a web address. Enter one like http://127.0.0.1:11434/v1.")
                                  .arg(baseUrl));
    if (chatModel.trimmed().isEmpty())
        return Error::invalid(QCoreApplication::translate("LlmSettings", "Choose a chat model."));
    if (connectTimeoutMs <= 0 || idleTimeoutMs <= 0 || requestTimeoutMs <= 0 || replyDeadlineMs <= 0)
        return Error::invalid(QCoreApplication::translate("LlmSettings", "Timeouts must be longer than zero."));
    if (maxRetries < 0 || retryBaseDelayMs < 0 || retryMaxDelayMs < 0 || maxRetryAfterMs < 0)
        return Error::invalid(QCoreApplication::translate("LlmSettings", "Retry settings cannot be negative."));
    return {};
}

LlmSettings LlmSettings::fromEnvironment(const QProcessEnvironment& env)
{
    LlmSettings s;
    s.applyEnvironment(env);
    return s;
}

void LlmSettings::applyEnvironment(const QProcessEnvironment& env)
{
    if (const QString url = firstSet(env, {"LLM_BASE_URL", "OPENAI_BASE_URL"}); !url.isEmpty())
        baseUrl = normalizedBase(url);
    if (const QString key = firstSet(env, {"LLM_API_KEY", "OPENAI_API_KEY"}); !key.isEmpty())
        apiKey = key;
    if (const QString model = firstSet(env, {"LLM_MODEL"}); !model.isEmpty())
        chatModel = model;
    if (const QString model = firstSet(env, {"LLM_EMBEDDING_MODEL"}); !model.isEmpty())
        embeddingModel = model;
}

LlmSettings LlmSettings::load(const QSettings& settings, const QProcessEnvironment& env)
{
    LlmSettings s = fromEnvironment(env);
    for (const TextField& f : kTextFields) {
        const QString key = QString::fromLatin1(f.key);
        if (settings.contains(key))
            s.*f.member = settings.value(key).toString().trimmed();
    }
    s.baseUrl = normalizedBase(s.baseUrl);
    for (const IntField& f : kIntFields) {
        bool ok{};
        const int value = settings.value(QString::fromLatin1(f.key)).toInt(&ok);
        if (ok)
            s.*f.member = value * f.unitMs;
    }
    return s;
}

void LlmSettings::save(QSettings& settings) const
{
    for (const TextField& f : kTextFields)
        settings.setValue(QString::fromLatin1(f.key), this->*f.member);
    for (const IntField& f : kIntFields)
        settings.setValue(QString::fromLatin1(f.key), (this->*f.member + f.unitMs / 2) / f.unitMs);
}

} // namespace engram

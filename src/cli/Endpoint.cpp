#include "Endpoint.h"

#include "llm/LlmReply.h"
#include "memory/MemoryConfig.h"

#include <QEventLoop>
#include <QPointer>
#include <QSettings>
#include <QTimer>

namespace engram::cli {

LlmSettings endpointSettings()
{
    const QSettings app(QStringLiteral("engram"), QStringLiteral("engram"));
    LlmSettings s = LlmSettings::load(app);
    s.applyEnvironment();
    return s;
}

bool endpointChosen()
{
    const QSettings app(QStringLiteral("engram"), QStringLiteral("engram"));
    return app.contains(QLatin1String(LlmSettingsKey::baseUrl)) || !qEnvironmentVariableIsEmpty("LLM_BASE_URL") ||
           !qEnvironmentVariableIsEmpty("OPENAI_BASE_URL");
}

bool memoryTurnedOn()
{
    QSettings app(QStringLiteral("engram"), QStringLiteral("engram"));
    app.sync(); // another process (the app) may have changed it since this one last looked
    return app.value(QLatin1String(kMemoryEnabledSetting), MemoryConfig{}.enabled).toBool();
}

QueryEmbedder::QueryEmbedder(const LlmSettings& settings)
    : m_client(settings)
{}

std::optional<QueryVector> QueryEmbedder::embed(const QString& query, QString* why)
{
    if (!enabled())
        return std::nullopt;
    const QString model = m_client.embeddingModel();
    QPointer<EmbeddingReply> reply = m_client.embed({query}, model);
    QEventLoop loop;
    std::optional<QueryVector> vector;
    QString problem = QStringLiteral("the endpoint gave no vector");
    bool timedOut = false;
    whenDone(reply, &loop, [&](const LlmResult<EmbeddingResult>& result) {
        if (result && !result->vectors.isEmpty() && !result->vectors.first().isEmpty())
            vector = QueryVector{model, result->vectors.first()};
        else
            problem = result ? QStringLiteral("the reply held no vector") : result.error().text();
        loop.quit();
    });
    QTimer::singleShot(kTimeoutMs, &loop, [&] {
        timedOut = true;
        if (reply)
            reply->cancel();
        loop.quit();
    });
    if (reply && !reply->isFinished())
        loop.exec();
    if (!vector)
        ++m_failures;
    if (!vector && why)
        *why = timedOut ? QStringLiteral("no reply within %1 s").arg(kTimeoutMs / 1000) : problem;
    return vector;
}

} // namespace engram::cli

#include "ModelCatalog.h"

#include <QUrl>

#include <nlohmann/json.hpp>

#include <algorithm>

namespace engram {

namespace {

QString text(const nlohmann::json& object, const char* key)
{
    const auto it = object.find(key);
    return it != object.end() && it->is_string() ? QString::fromStdString(it->get<std::string>()) : QString();
}

} // namespace

bool ModelCatalog::looksLikeEmbeddingModel(const QString& id, const QString& family)
{
    const QString name = id.toLower();
    static const QStringList markers{QStringLiteral("embed"), QStringLiteral("bge-"), QStringLiteral("bge:"),
                                     QStringLiteral("minilm"), QStringLiteral("e5-"), QStringLiteral("gte-")};
    if (std::any_of(markers.cbegin(), markers.cend(), [&](const QString& m) { return name.contains(m); }))
        return true;
    // Ollama names the family of every model it has; embedding models are of the BERT line
    // ("bert", "nomic-bert", "xlm-roberta"), chat models never are.
    const QString f = family.toLower();
    return f.contains(QLatin1String("bert"));
}

ModelCatalog ModelCatalog::fromIds(const QStringList& ids)
{
    ModelCatalog catalog;
    for (const QString& id : ids)
        (looksLikeEmbeddingModel(id) ? catalog.embeddingModels : catalog.chatModels).append(id);
    std::sort(catalog.chatModels.begin(), catalog.chatModels.end());
    std::sort(catalog.embeddingModels.begin(), catalog.embeddingModels.end());
    return catalog;
}

LlmResult<ModelCatalog> ModelCatalog::fromOllamaTags(const QByteArray& body)
{
    const auto j = nlohmann::json::parse(body.constBegin(), body.constEnd(), nullptr, false);
    const auto models = j.is_object() ? j.find("models") : j.end();
    if (!j.is_object() || models == j.end() || !models->is_array())
        return LlmError::unreadable(QString::fromUtf8(body.left(200)));
    ModelCatalog catalog;
    for (const auto& model : *models) {
        if (!model.is_object())
            continue;
        const QString name = text(model, "name").isEmpty() ? text(model, "model") : text(model, "name");
        if (name.isEmpty())
            continue;
        QString family;
        if (const auto details = model.find("details"); details != model.end() && details->is_object())
            family = text(*details, "family");
        (looksLikeEmbeddingModel(name, family) ? catalog.embeddingModels : catalog.chatModels).append(name);
    }
    std::sort(catalog.chatModels.begin(), catalog.chatModels.end());
    std::sort(catalog.embeddingModels.begin(), catalog.embeddingModels.end());
    return catalog;
}

QString ModelCatalog::ollamaRoot(const QString& baseUrl)
{
    QUrl url(baseUrl.trimmed());
    QString path = url.path();
    while (path.endsWith(QLatin1Char('/')))
        path.chop(1);
    if (path.endsWith(QLatin1String("/v1")))
        path.chop(3);
    url.setPath(path);
    url.setQuery(QString());
    return url.toString();
}

} // namespace engram

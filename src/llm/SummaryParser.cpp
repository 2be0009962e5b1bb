#include "llm/SummaryParser.h"

#include "llm/JsonReply.h"

#include <QRegularExpression>

namespace engram {
namespace {

// The string under `key`, or an empty string when it is missing or not a string.
QString stringField(const Json& root, const char* key)
{
    const auto it = root.find(key);
    if (it == root.end() || !it->is_string())
        return {};
    return QString::fromStdString(it->get<std::string>()).trimmed();
}

Error unreadable(const QString& why)
{
    return Error::invalid(
        QStringLiteral("The model's summary reply %1; the messages stay in the summary buffer.").arg(why));
}

} // namespace

Result<SummaryReply> SummaryParser::parse(const QString& reply)
{
    const std::optional<Json> root = JsonReply::find(reply);
    if (!root)
        return unreadable(QStringLiteral("holds no readable JSON object"));
    SummaryReply result;
    try {
        result.summary = stringField(*root, "summary");
        result.topic = normalisedTopic(stringField(*root, "topic"));
    } catch (const nlohmann::json::exception& e) {
        return unreadable(QStringLiteral("could not be read (%1)").arg(QString::fromUtf8(e.what())));
    }
    if (result.summary.isEmpty())
        return unreadable(QStringLiteral("has no \"summary\" text"));
    if (result.summary.size() > kMaxSummaryLength)
        return unreadable(QStringLiteral("has a summary longer than %1 characters").arg(kMaxSummaryLength));
    return result;
}

QString SummaryParser::normalisedTopic(const QString& topic)
{
    // Sentence punctuation and quotes only: "C++" and "C#" keep their symbols.
    static const QString marks = QStringLiteral("[\\s。，、；：？！.,;:!?\"'“”‘’「」『』()（）\\[\\]【】]+");
    static const QRegularExpression edges(QStringLiteral("^%1|%1$").arg(marks));
    QString key = topic.normalized(QString::NormalizationForm_KC).toLower().simplified();
    key.remove(edges);
    if (key.size() > kMaxTopicLength) {
        key.truncate(key.at(kMaxTopicLength - 1).isHighSurrogate() ? kMaxTopicLength - 1 : kMaxTopicLength);
        key.remove(edges); // the cut may end on a space or a mark: the key must be normalised as it stands
    }
    return key;
}

} // namespace engram

#include "llm/RuleMatchers.h"

namespace engram::rules {

QString capture(const QRegularExpression& form, const QString& clause)
{
    const auto m = form.match(clause);
    return m.hasMatch() ? m.captured(1).trimmed() : QString();
}

bool matchPlainObject(const QRegularExpression& form, const QString& clause, QLatin1String predicate,
                      FactOperations& out)
{
    const QString object = trimObject(capture(form, clause));
    if (object.isEmpty() || startsWithPronoun(object) || !isShortEnough(object))
        return false;
    addFact(out, predicate, object);
    return true;
}

void addFact(FactOperations& out, QLatin1String predicate, const QString& object, double confidence, Kind kind)
{
    FactCandidate fact{userSubject(), QString(predicate), object.trimmed(), confidence};
    auto& list = kind == Kind::Update ? out.updates : out.facts;
    if (!list.contains(fact))
        list.append(fact);
}

bool looksLikePlace(const QString& text)
{
    // Common places only: an unknown name is more often a company ("我在腾讯工作") than a town.
    static const QStringList places =
        QStringLiteral(
            "北京 上海 广州 深圳 杭州 成都 南京 武汉 西安 苏州 天津 重庆 长沙 郑州 青岛 厦门 合肥 济南 大连 沈阳 "
            "哈尔滨 "
            "福州 昆明 贵阳 南宁 石家庄 太原 南昌 宁波 无锡 珠海 东莞 佛山 香港 澳门 台北 新加坡 东京 大阪 首尔 伦敦 "
            "巴黎 "
            "柏林 纽约 旧金山 洛杉矶 西雅图 硅谷 多伦多 悉尼 墨尔本 美国 日本 英国 德国 法国 加拿大 澳大利亚 韩国 中国")
            .split(QLatin1Char(' ')) +
        QStringLiteral("Beijing,Shanghai,Guangzhou,Shenzhen,Hangzhou,Chengdu,Hong Kong,Singapore,Tokyo,London,Paris,"
                       "Berlin,New York,San Francisco,Seattle,Boston,Chicago,Toronto,Sydney,Melbourne,Amsterdam,"
                       "Dublin,Munich,Zurich,Silicon Valley,Bay Area,China,Japan,Germany,France,Canada,Australia")
            .split(QLatin1Char(','));
    static const QStringList endings = {QStringLiteral("市"), QStringLiteral("省"), QStringLiteral("区"),
                                        QStringLiteral("县"), QStringLiteral("州"), QStringLiteral("镇")};
    for (const QString& e : endings) {
        if (text.endsWith(e))
            return true;
    }
    return places.contains(text, Qt::CaseInsensitive);
}

} // namespace engram::rules

#include "llm/RuleMatchers.h"

// Chinese statement forms. Every pattern is anchored at the clause start on 我/我们, so "我朋友叫…",
// "他说我是…" and "我觉得我是…" never match: only what the user states about themself does.
namespace engram::rules {
namespace {

bool endsWithAny(const QString& text, const QStringList& suffixes)
{
    for (const QString& s : suffixes) {
        if (text.endsWith(s, Qt::CaseInsensitive))
            return true;
    }
    return false;
}

bool startsWithAny(const QString& text, const QStringList& prefixes)
{
    for (const QString& p : prefixes) {
        if (text.startsWith(p))
            return true;
    }
    return false;
}

// An occupation by its ending: "Java后端开发", "产品经理", "研究生". "外星人", "中国人" and "会员"
// are not occupations.
bool isChineseJob(const QString& text)
{
    static const QStringList suffixes =
        QStringLiteral(
            "工程师 开发 开发者 开发人员 程序员 码农 设计师 经理 老师 教师 医生 护士 学生 大学生 研究生 博士生 硕士生 "
            "本科生 "
            "博士后 律师 会计 会计师 分析师 架构师 运营 测试 科学家 研究员 教授 讲师 作家 记者 编辑 厨师 司机 销售 "
            "顾问 主管 "
            "总监 专家 创业者 自由职业者 公务员 警察 演员 摄影师 翻译 实习生 运维 产品 策划 店长 老板 药剂师 工人 "
            "技术员 "
            "主播 博主 法官 军人 画家 歌手 秘书 助理 客服 服务员 运动员 飞行员 业务员 销售员 快递员 外卖员 审计师 "
            "建筑师 律师助理 创始人 合伙人 总裁 董事长 财务 人事 HR CEO CTO CFO PM UP主 作者 记者 译者 教练 农民 商人")
            .split(QLatin1Char(' '));
    return endsWithAny(text, suffixes);
}

// The part of a job phrase that is the job: "做后端开发的" -> "后端开发", "腾讯的工程师" -> "工程师".
QString jobPhrase(QString text)
{
    text = trimObject(text);
    if (text.startsWith(u'做') && text.endsWith(u'的'))
        text = text.mid(1, text.size() - 2);
    if (const qsizetype de = text.lastIndexOf(u'的'); de >= 0)
        text = text.mid(de + 1);
    static const QStringList refused = {QStringLiteral("不"),   QStringLiteral("在"),   QStringLiteral("想"),
                                        QStringLiteral("要"),   QStringLiteral("被"),   QStringLiteral("准"),
                                        QStringLiteral("未来"), QStringLiteral("退休"), QStringLiteral("前任")};
    if (text.isEmpty() || startsWithPronoun(text) || startsWithAny(text, refused) || text.size() > 20 ||
        !isChineseJob(text))
        return {};
    return text;
}

bool matchName(const QString& clause, FactOperations& out)
{
    static const QRegularExpression forms[] = {
        pattern(QStringLiteral("^我(?:的)?(?:名字|姓名|全名|中文名|英文名)(?:是|叫)\\s*(.+)$")),
        pattern(QStringLiteral("^我叫\\s*(.+)$")),
        pattern(QStringLiteral("^(?:你|大家)?(?:可以|就)?叫我\\s*(.+?)(?:就行|就好|就可以|好了)?$")),
    };
    for (const auto& form : forms) {
        const QString rest = capture(form, clause);
        if (rest.isEmpty())
            continue;
        static const QRegularExpression latin = pattern(
            QStringLiteral("^([A-Za-z][A-Za-z'\\-]*(?:\\s[A-Z][A-Za-z'\\-]*){0,2})\\s*(?:就行|就好|吧|啊|哦|呀)?$"));
        if (const QString name = capture(latin, rest); !name.isEmpty()) {
            addFact(out, predicate::kName, name);
            return true;
        }
        // A Chinese name is 2–4 characters; a longer run must end at a word that starts the next
        // statement ("张三今年25岁"), or it is not a name we can trust ("我叫外卖送到楼下").
        static const QRegularExpression han = pattern(QStringLiteral("^([\\p{Han}·]{2,})(.*)$"));
        static const QRegularExpression next = pattern(QStringLiteral("今年|来自|是|在|住|目前|现在|从事|毕业|就|的"));
        static const QRegularExpression particles = pattern(QStringLiteral("[哦啊呀哈啦呢吧嘛]+$"));
        static const QRegularExpression restOk = pattern(QStringLiteral("^[\\s!.~]*$"));
        const auto m = han.match(rest);
        if (!m.hasMatch())
            continue;
        QString name = m.captured(1);
        QString tail = m.captured(2);
        const qsizetype cut = name.indexOf(next, 2);
        if (cut >= 0) {
            name.truncate(cut);
            tail.clear();
        }
        name.remove(particles);
        static const QStringList refused =
            QStringLiteral(
                "了 他 她 你 它 人 醒 车 外卖 快递 老板 朋友 爸 妈 服务员 什么 过 作 做 出租 滴滴 声 错 好 不 来 去")
                .split(QLatin1Char(' '));
        if (name.size() < 2 || name.size() > 4 || name.contains(u'了') || startsWithAny(name, refused) ||
            !restOk.match(tail).hasMatch())
            continue;
        addFact(out, predicate::kName, name);
        return true;
    }
    return false;
}

bool matchJob(const QString& clause, FactOperations& out)
{
    static const QRegularExpression forms[] = {
        pattern(QStringLiteral("^我(?:现在|目前|其实|已经|也|还)?是(?:一名|一个|一位|名|个|位)?\\s*(.+)$")),
        pattern(QStringLiteral("^我的(?:职业|工作|职位|岗位)是(?:一名|一个|一位)?\\s*(.+)$")),
    };
    for (const auto& form : forms) {
        const QString job = jobPhrase(capture(form, clause));
        if (!job.isEmpty()) {
            addFact(out, predicate::kJob, job);
            return true;
        }
    }
    // 转行 is a change of career: the new job replaces the old one.
    static const QRegularExpression careerChange =
        pattern(QStringLiteral("^我(?:们)?(?:已经|最近|现在)?转行(?:做|当|成为|成了)?(?:一名|一个)?\\s*(.+)$"));
    if (const QString job = jobPhrase(capture(careerChange, clause)); !job.isEmpty()) {
        addFact(out, predicate::kJob, job, kExplicitConfidence, Kind::Update);
        return true;
    }
    return false;
}

// "我在腾讯工作", "我在北京上班" (a place, so location), "我在字节做后端开发" (employer and job).
bool matchWorkplace(const QString& clause, FactOperations& out)
{
    static const QRegularExpression works =
        pattern(QStringLiteral("^我(?:现在|目前|一直)?在\\s*(.+?)\\s*(?:工作|上班|实习|任职|就职)(.*)$"));
    static const QRegularExpression worksAs =
        pattern(QStringLiteral("^我(?:现在|目前|一直)?在\\s*([^做当任]{1,20}?)\\s*(?:当|做|担任)\\s*(.+)$"));
    static const QStringList notAPlace =
        QStringLiteral("家 家里 家中 公司 单位 远程 外地 国外 海外 这 那 附近 哪").split(QLatin1Char(' '));
    QString where;
    QString job;
    if (const auto m = works.match(clause); m.hasMatch()) {
        if (m.captured(2).startsWith(u'过')) // 工作过: it was, not it is
            return false;
        where = m.captured(1);
    } else if (const auto a = worksAs.match(clause); a.hasMatch()) {
        job = jobPhrase(a.captured(2));
        if (job.isEmpty())
            return false;
        where = a.captured(1);
    } else {
        return false;
    }
    where = trimObject(where);
    if (where.isEmpty() || startsWithPronoun(where) || notAPlace.contains(where) || startsWithAny(where, notAPlace) ||
        !isShortEnough(where))
        return false;
    addFact(out, looksLikePlace(where) ? predicate::kLocation : predicate::kEmployer, where);
    if (!job.isEmpty())
        addFact(out, predicate::kJob, job);
    return true;
}

bool matchLocation(const QString& clause, FactOperations& out)
{
    static const QRegularExpression forms[] = {
        pattern(QStringLiteral("^我(?:现在|目前|一直)?(?:住在|生活在|定居在|居住在|人在)\\s*(.+)$")),
        pattern(QStringLiteral("^我(?:现在|目前|一直)?在\\s*(.+?)\\s*(?:生活|定居|居住)$")),
    };
    // Where someone stays for a while is not where they live.
    static const QStringList vague =
        QStringLiteral("附近 旁边 里 这边 那边 楼下 楼上 家 隔壁 酒店 宾馆 旅馆 民宿 医院 朋友家")
            .split(QLatin1Char(' '));
    for (const auto& form : forms) {
        const QString place = trimObject(capture(form, clause));
        if (place.size() < 2 || startsWithPronoun(place) || endsWithAny(place, vague) || place.size() > 12)
            continue;
        addFact(out, predicate::kLocation, place);
        return true;
    }
    return false;
}

// The technical names at the start of the text: "Spring Boot 3和MySQL 8.0开发" -> "Spring Boot 3和MySQL 8.0".
// Nothing when the text does not start with a Latin name: "我用手机" is not a tech stack.
QString techNames(const QString& text)
{
    static const QRegularExpression run = pattern(QStringLiteral(
        "^\\s*([A-Za-z][A-Za-z0-9+#.\\-/ ]*(?:(?:和|、|跟|与|及|以及|加|/|\\+)\\s*[A-Za-z0-9][A-Za-z0-9+#.\\-/ ]*)*)"));
    QString names = capture(run, text);
    while (!names.isEmpty() && (names.endsWith(QLatin1Char('.')) || names.endsWith(QLatin1Char('-'))))
        names.chop(1);
    return names.trimmed();
}

bool matchTechStack(const QString& clause, FactOperations& out)
{
    static const QRegularExpression uses = pattern(QStringLiteral(
        "^我(?:们)?(?:团队|公司)?(?:现在|目前|平时|主要|一直|日常|经常|都|也|还|正在|在|一般)*(?:用|使用|采用)"
        "(?:了)?(?:的是)?\\s*(.+)$"));
    static const QRegularExpression stack =
        pattern(QStringLiteral("^我(?:们)?(?:的|团队的|公司的)技术栈(?:是|有|包括|主要是)\\s*(.+)$"));
    if (const QString names = techNames(capture(uses, clause)); !names.isEmpty() && isShortEnough(names)) {
        addFact(out, predicate::kTechStack, names);
        return true;
    }
    const QString stated = trimObject(capture(stack, clause));
    if (!stated.isEmpty() && isShortEnough(stated)) {
        addFact(out, predicate::kTechStack, stated);
        return true;
    }
    return false;
}

bool acceptablePreference(const QString& object)
{
    static const QStringList refused = QStringLiteral("的 上 过 着 了 不 死 得").split(QLatin1Char(' '));
    return !object.isEmpty() && !startsWithPronoun(object) && !startsWithAny(object, refused) &&
           isShortEnough(object) && !object.contains(u'你') && !isAboutTheConversation(object);
}

bool matchPreference(const QString& clause, FactOperations& out)
{
    static const QString degree = QStringLiteral("(?:也|还|很|最|真的?|超|特别|非常|挺|比较|一直|更|蛮|就|都)*");
    static const QRegularExpression dislikes =
        pattern(QStringLiteral("^我%1(?:不喜欢|不太喜欢|讨厌|受不了|不爱|反感)\\s*(.+)$").arg(degree));
    static const QRegularExpression likes =
        pattern(QStringLiteral("^我%1(?:喜欢|热爱|偏爱|偏好)\\s*(.+)$").arg(degree));
    static const QRegularExpression favourite =
        pattern(QStringLiteral("^我(?:最|比较|更)?喜欢的[^是]{1,10}是\\s*(.+)$"));
    if (const QString object = trimObject(capture(dislikes, clause)); acceptablePreference(object)) {
        addFact(out, predicate::kDislikes, object);
        return true;
    }
    for (const auto* form : {&favourite, &likes}) {
        if (const QString object = trimObject(capture(*form, clause)); acceptablePreference(object)) {
            addFact(out, predicate::kLikes, object);
            return true;
        }
    }
    return false;
}

// The project's name in "电商项目", "一个推荐系统", "叫星火的项目". Empty when it does not look like a
// project: "做饭" and "写作业" are not, unless `lenient` (after 现在/转做, where the user names it).
QString projectName(const QString& text, bool lenient)
{
    static const QStringList products =
        QStringLiteral(
            "系统 平台 网站 应用 App APP app 小程序 产品 游戏 框架 插件 工具 服务 引擎 库 机器人 SaaS 公众号 网店")
            .split(QLatin1Char(' '));
    static const QStringList notProjects =
        QStringLiteral("饭 菜 作业 家务 梦 题 运动 事 东西 笔记 实验 测试 什么 不 完 好 得 了 过 错")
            .split(QLatin1Char(' '));
    static const QRegularExpression named = pattern(QStringLiteral("^(?:叫|名为|名叫|叫做)"));
    QString name = trimObject(text);
    if (name.startsWith(u'个') && !name.startsWith(QStringLiteral("个人")))
        name.remove(0, 1);
    name.remove(named);
    bool isProject = false;
    if (name.endsWith(QStringLiteral("项目"))) {
        name.chop(2);
        isProject = true;
    }
    while (name.endsWith(u'的'))
        name.chop(1);
    name = name.trimmed();
    if (name.isEmpty() || startsWithPronoun(name) || startsWithAny(name, notProjects) || !isShortEnough(name))
        return {};
    if (isProject || endsWithAny(name, products))
        return name;
    return lenient && name.size() >= 2 && name.size() <= 12 ? name : QString();
}

bool matchProject(const QString& clause, FactOperations& out)
{
    static const QRegularExpression switched = pattern(QStringLiteral(
        "^我(?:们)?(?:最近|现在|已经)?(?:转做|改做|转去做|转到|换到|换成做|转向|转而做|改成做)\\s*(.+)$"));
    static const QRegularExpression now = pattern(QStringLiteral("^我(?:们)?现在(?:在|正在)?(?:做|搞)\\s*(.+)$"));
    static const QRegularExpression doing =
        pattern(QStringLiteral("^我(?:们)?(?:最近|目前|正|一直|也|还)*(?:在|正在)(?:做|搞|开发|写|负责|弄)\\s*(.+)$"));
    static const QRegularExpression responsible = pattern(QStringLiteral("^我(?:们)?(?:目前|最近)?负责\\s*(.+)$"));
    static const QRegularExpression mine =
        pattern(QStringLiteral("^我(?:们)?(?:的|在做的|现在的|目前的)(?:项目|新项目)(?:是|叫|名字是|名叫)\\s*(.+)$"));

    if (const QString name = projectName(capture(switched, clause), true); !name.isEmpty()) {
        addFact(out, predicate::kProject, name, kExplicitConfidence, Kind::Update);
        return true;
    }
    if (const QString rest = capture(now, clause); !rest.isEmpty()) {
        const bool named = !projectName(rest, false).isEmpty();
        const QString name = projectName(rest, true);
        if (!name.isEmpty()) {
            addFact(out, predicate::kProject, name, named ? kExplicitConfidence : kLooseConfidence, Kind::Update);
            return true;
        }
    }
    for (const auto* form : {&doing, &responsible}) {
        if (const QString name = projectName(capture(*form, clause), false); !name.isEmpty()) {
            addFact(out, predicate::kProject, name);
            return true;
        }
    }
    if (const QString name = projectName(capture(mine, clause), true); !name.isEmpty()) {
        addFact(out, predicate::kProject, name);
        return true;
    }
    return false;
}

bool matchGoal(const QString& clause, FactOperations& out)
{
    static const QRegularExpression goal =
        pattern(QStringLiteral("^我(?:的|现在的|目前的)?(?:长期目标|目标|人生目标|职业目标)(?:是|就是)\\s*(.+)$"));
    return matchPlainObject(goal, clause, predicate::kGoal, out);
}

} // namespace

bool matchChinese(const QString& clause, FactOperations& out)
{
    if (!clause.startsWith(u'我') && !clause.contains(QStringLiteral("叫我")))
        return false;
    // Order matters: "我在做…" is a project before it is a workplace, "我不喜欢" before "我喜欢".
    return matchName(clause, out) || matchProject(clause, out) || matchWorkplace(clause, out) ||
           matchJob(clause, out) || matchLocation(clause, out) || matchTechStack(clause, out) ||
           matchPreference(clause, out) || matchGoal(clause, out);
}

} // namespace engram::rules

#include "llm/RuleExtractor.h"

#include <QTest>

using namespace engram;

namespace {

// One operation as a short line, so a table row reads like the behaviour it pins down:
// "fact job=Java后端开发", "update project=短视频", "delete project".
QStringList describe(const FactOperations& ops)
{
    QStringList lines;
    for (const auto& f : ops.facts)
        lines.append(QStringLiteral("fact %1=%2").arg(f.predicate, f.object));
    for (const auto& u : ops.updates)
        lines.append(QStringLiteral("update %1=%2").arg(u.predicate, u.object));
    for (const auto& d : ops.deletes)
        lines.append(QStringLiteral("delete %1").arg(d.predicate));
    lines.sort();
    return lines;
}

QString s(const char16_t* text)
{
    return QString::fromUtf16(text);
}

void addColumns()
{
    QTest::addColumn<QString>("message");
    QTest::addColumn<QStringList>("expected");
}

void row(const char* tag, const QString& message, const QStringList& expected = {})
{
    QTest::newRow(tag) << message << expected;
}

void checkRow()
{
    QFETCH(QString, message);
    QFETCH(QStringList, expected);
    expected.sort();
    QCOMPARE(describe(RuleExtractor::extract(message)), expected);
}

using L = QStringList;

} // namespace

class TestRuleExtractor final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void chineseStatements_data()
    {
        addColumns();
        row("zh name", s(u"我叫张三。"), L{s(u"fact name=张三")});
        row("zh name formal", s(u"你好，我的名字是李小龙"), L{s(u"fact name=李小龙")});
        row("zh name then age", s(u"我叫王芳今年28岁"), L{s(u"fact name=王芳")});
        row("zh call me", s(u"你可以叫我小王就行"), L{s(u"fact name=小王")});
        row("zh job with stack", s(u"我是一名Java后端开发，用Spring Boot 3"),
            L{s(u"fact job=Java后端开发"), s(u"fact tech_stack=Spring Boot 3")});
        row("zh job engineer", s(u"我是前端工程师"), L{s(u"fact job=前端工程师")});
        row("zh job 做…的", s(u"我是做产品的"), L{s(u"fact job=产品")});
        row("zh project", s(u"我在做电商项目"), L{s(u"fact project=电商")});
        row("zh project system", s(u"我最近在开发一个推荐系统"), L{s(u"fact project=推荐系统")});
        row("zh project named", s(u"我的项目叫星火计划"), L{s(u"fact project=星火计划")});
        row("zh quoted project name", s(u"我的项目叫“星火”"), L{s(u"fact project=星火")});
        row("zh switched project", s(u"我转做短视频了"), L{s(u"update project=短视频")});
        row("zh project now", s(u"我现在做跨境电商项目"), L{s(u"update project=跨境电商")});
        row("zh career change", s(u"我转行做产品经理了"), L{s(u"update job=产品经理")});
        row("zh employer", s(u"我在腾讯工作"), L{s(u"fact employer=腾讯")});
        row("zh employer and job", s(u"我在字节跳动做后端开发"),
            L{s(u"fact employer=字节跳动"), s(u"fact job=后端开发")});
        row("zh works in a city", s(u"我在北京上班"), L{s(u"fact location=北京")});
        row("zh lives", s(u"我住在杭州"), L{s(u"fact location=杭州")});
        row("zh we use", s(u"我们用PostgreSQL和Redis"), L{s(u"fact tech_stack=PostgreSQL和Redis")});
        row("zh use then verb", s(u"我平时用Python写脚本"), L{s(u"fact tech_stack=Python")});
        row("zh likes", s(u"我喜欢川菜"), L{s(u"fact likes=川菜")});
        row("zh likes and dislikes", s(u"我喜欢Go，但是不喜欢Java"), L{s(u"fact likes=Go"), s(u"fact dislikes=Java")});
        row("zh hates", s(u"我很讨厌加班。"), L{s(u"fact dislikes=加班")});
        row("zh style preference", s(u"我比较喜欢简洁的回答"), L{s(u"fact likes=简洁的回答")});
        row("zh favourite", s(u"我最喜欢的语言是Rust"), L{s(u"fact likes=Rust")});
        row("zh goal", s(u"我的长期目标是成为架构师"), L{s(u"fact goal=成为架构师")});
        row("zh remember statement", s(u"记住：我叫陈晨"), L{s(u"fact name=陈晨")});
        row("zh remember note", s(u"请记住我对花生过敏"), L{s(u"fact note=我对花生过敏")});
        row("zh do not forget", s(u"别忘了我用的是Vim"), L{s(u"fact tech_stack=Vim")});
        row("zh forget project", s(u"忘掉我的项目"), L{s(u"delete project")});
        row("zh forget name", s(u"把我的名字忘了吧"), L{s(u"delete name")});
        row("zh forget a statement", s(u"忘记我在做电商项目"), L{s(u"delete project")});
        row("zh two sentences", s(u"我叫李雷。我在阿里巴巴上班，喜欢爬山"),
            L{s(u"fact name=李雷"), s(u"fact employer=阿里巴巴"), s(u"fact likes=爬山")});
    }

    void chineseStatements() { checkRow(); }

    void englishStatements_data()
    {
        addColumns();
        row("en name", s(u"My name is John Smith."), L{s(u"fact name=John Smith")});
        row("en call me", s(u"Hi, you can call me Liz"), L{s(u"fact name=Liz")});
        row("en job and employer", s(u"I'm a software engineer at Acme"),
            L{s(u"fact job=software engineer"), s(u"fact employer=Acme")});
        row("en job curly apostrophe", s(u"I\u2019m a data scientist"), L{s(u"fact job=data scientist")});
        row("en works at as", s(u"I work at Google as a product manager"),
            L{s(u"fact employer=Google"), s(u"fact job=product manager")});
        row("en works for", s(u"I work for the BBC."), L{s(u"fact employer=BBC")});
        row("en lives", s(u"I live in Berlin"), L{s(u"fact location=Berlin")});
        row("en uses", s(u"I mostly use Python and Go for backend work"), L{s(u"fact tech_stack=Python and Go")});
        row("en likes", s(u"I really like hiking"), L{s(u"fact likes=hiking")});
        row("en style preference", s(u"I prefer concise answers"), L{s(u"fact likes=concise answers")});
        row("en dislikes", s(u"I don't like meetings"), L{s(u"fact dislikes=meetings")});
        row("en project", s(u"I'm working on an e-commerce project"), L{s(u"fact project=e-commerce")});
        row("en project now", s(u"I'm now working on Engram"), L{s(u"update project=Engram")});
        row("en goal", s(u"My long-term goal is to run my own company."), L{s(u"fact goal=run my own company")});
        row("en remember", s(u"Remember that my name is Ada"), L{s(u"fact name=Ada")});
        row("en remember note", s(u"Please remember that I'm allergic to peanuts"),
            L{s(u"fact note=I'm allergic to peanuts")});
        row("en forget", s(u"Forget where I work"), L{s(u"delete employer")});
        row("en forget my project", s(u"please forget my project"), L{s(u"delete project")});
        row("en clause continues", s(u"I'm a teacher, and I love chess"),
            L{s(u"fact job=teacher"), s(u"fact likes=chess")});
    }

    void englishStatements() { checkRow(); }

    // What it must leave alone: jokes, questions, hypotheticals, third parties, quotes, play.
    void notPlainStatements_data()
    {
        addColumns();
        row("zh joke", s(u"我是外星人哈哈"));
        row("zh joke after", s(u"我叫孙悟空。哈哈哈"));
        row("zh joke name", s(u"我叫秦始皇哈哈"));
        row("zh question job", s(u"我是程序员吗？"));
        row("zh uncertain", s(u"我是程序员吧"));
        row("zh past after", s(u"我是老师，不过那是以前了"));
        row("zh quoted speech", s(u"他笑着说：“嗯，我是医生”"));
        row("en joke job", s(u"I'm a doctor lol"));
        row("en emoji job", s(u"I'm a pilot. \U0001F602"));
        row("en quoted speech", s(u"\"Well, I'm a doctor,\" he said."));
        row("en question statement", s(u"I'm a doctor?"));
        row("en used to be", s(u"I'm a teacher, well, I used to be"));
        row("en code statement", s(u"```\nI am a software engineer\n```"));
        row("zh not a job", s(u"我是中国人"));
        row("zh question", s(u"我是不是程序员？"));
        row("zh question particle", s(u"我喜欢Go吗"));
        row("zh hypothetical", s(u"如果我是医生，我会很忙"));
        row("zh wish", s(u"我想当医生"));
        row("zh past", s(u"我以前在百度工作"));
        row("zh third party", s(u"我朋友叫李四，他是医生"));
        row("zh reported", s(u"他说我是程序员"));
        row("zh quoted", s(u"我妈总说“我是你的老师”"));
        row("zh negation", s(u"我不是程序员"));
        row("zh cooking", s(u"我在做饭"));
        row("zh ordered food", s(u"我叫了外卖"));
        row("zh phone", s(u"我用手机打字"));
        row("zh likes you", s(u"我喜欢你"));
        row("zh roleplay", s(u"我们来角色扮演，我是医生"));
        row("zh test", s(u"测试一下：我叫张三"));
        row("zh hospital", s(u"我住院了"));
        row("zh hotel", s(u"我住在酒店"));
        row("zh likes an option", s(u"我喜欢第二个方案"));
        row("zh forgot something", s(u"我忘了带钥匙"));
        row("zh work from home", s(u"我在家工作"));
        row("en friend", s(u"my friend is a doctor"));
        row("en tired", s(u"I am tired"));
        row("en confused", s(u"I'm a bit confused"));
        row("en question", s(u"Do I like coffee?"));
        row("en hypothetical", s(u"If I were a doctor I'd be rich"));
        row("en joke", s(u"I'm a wizard lol"));
        row("en emoji joke", s(u"I'm an astronaut \U0001F602"));
        row("en call me later", s(u"call me later"));
        row("en like your answer", s(u"I like your answer"));
        row("en likes an option", s(u"I like the second option"));
        row("en name is elsewhere", s(u"My name is in the file"));
        row("en would like", s(u"I'd like a coffee"));
        row("en reported", s(u"He said I'm a developer"));
        row("en quoted", s(u"My boss keeps saying \"I am a genius\""));
        row("en work from home", s(u"I work from home"));
        row("en reminder", s(u"remember to buy milk"));
        row("en code", s(u"```\nprint('I am a developer')\n```"));
        row("en used to", s(u"I used to work at IBM"));
        row("empty", QString());
    }

    void notPlainStatements() { checkRow(); }

    void describesFactsAboutTheUserWithExplicitConfidence()
    {
        const FactOperations ops = RuleExtractor::extract(QStringLiteral("我叫张三，我在腾讯工作"));
        QCOMPARE(ops.facts.size(), 2);
        for (const auto& f : ops.facts) {
            QCOMPARE(f.subject, QStringLiteral("user"));
            QCOMPARE(f.confidence, 0.9);
        }
        // Asked outright to remember: higher than an incidental statement.
        const FactOperations remembered = RuleExtractor::extract(QStringLiteral("记住：我叫张三"));
        QCOMPARE(remembered.facts.size(), 1);
        QVERIFY(remembered.facts.first().confidence > 0.9);
    }

    void looseFormIsLessCertain()
    {
        // "我现在做短视频" could name a project or a line of work: stored, but below an explicit form.
        const FactOperations ops = RuleExtractor::extract(QStringLiteral("我现在做短视频"));
        QCOMPARE(ops.updates.size(), 1);
        QCOMPARE(ops.updates.first().object, QStringLiteral("短视频"));
        QVERIFY(ops.updates.first().confidence < 0.9);
        QVERIFY(ops.updates.first().confidence >= 0.6); // still active, not pending
    }

    void objectsStayShort()
    {
        const QString rambling =
            QStringLiteral("我喜欢那种在周末的早上一个人去很远很远的山里面慢慢地走一整天然后再坐很久的车回来的感觉");
        QVERIFY(RuleExtractor::extract(rambling).isEmpty());
        const FactOperations ops = RuleExtractor::extract(QStringLiteral("I love Rust because it is fast."));
        QCOMPARE(ops.facts.size(), 1);
        QCOMPARE(ops.facts.first().object, QStringLiteral("Rust"));
    }
};

QTEST_GUILESS_MAIN(TestRuleExtractor)
#include "tst_ruleextractor.moc"

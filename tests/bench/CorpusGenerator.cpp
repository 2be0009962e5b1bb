#include "CorpusGenerator.h"

#include <QList>
#include <QUuid>

#include <algorithm>
#include <cmath>
#include <vector>

namespace engram::bench {
namespace {

// Words are listed roughly from common to rare; sampling follows Zipf's law over the order.
const char* const kZhNouns =
    "项目 接口 数据库 服务器 需求 文档 会议 版本 测试 用户 客户 方案 页面 缓存 日志 周报 预算 合同 模块 权限 "
    "账号 索引 监控 告警 限流 队列 前端 后端 按钮 报表 发布 配置 脚本 流程 指标 任务 计划 目标 进度 风险 "
    "旅行 机票 酒店 火车票 电影 演唱会 健身房 跑步 瑜伽 体检 医院 牙医 感冒 咖啡 火锅 早餐 晚饭 菜谱 超市 快递 "
    "房租 贷款 保险 生日 礼物 作业 家长会 英语课 钢琴课 论文 面试 简历 工资 奖金 年假 签证 护照 搬家 装修 空调 "
    "冰箱 洗衣机 手机 电脑 键盘 显示器 耳机 相机 自行车 地铁 公交 停车场 小区 物业 邻居 宠物 猫粮 狗绳 花园 阳台 "
    "书架 台灯 窗帘 沙发 床垫 被子 雨伞 外套 球鞋 牛仔裤 眼镜 手表 钱包 钥匙 门禁卡 发票 报销 差旅 出差 航班 "
    "行李 登机牌 景点 门票 博物馆 图书馆 公园 海边 山顶 露营 帐篷 烧烤 音乐节 展览 话剧 相声 羽毛球 篮球 足球 游泳 "
    "滑雪 攀岩 马拉松 教练 课程 证书 考试 成绩 老师 同学 校友 导师 实习 招聘 团建 年会 述职 晋升 绩效 加班 调休 "
    "服务 网关 鉴权 令牌 证书链 负载 延迟 吞吐 并发 死锁 事务 迁移 回滚 备份 快照 镜像 容器 集群 节点 副本 分片 "
    "向量 模型 训练 推理 数据集 标注 评测 召回 排序 特征 埋点 漏斗 留存 转化 增长 渠道 投放 文案 海报 视频 直播 "
    "红烧肉 饺子 面条 包子 豆浆 奶茶 蛋糕 水果 西瓜 苹果 草莓 葡萄 牛奶 鸡蛋 蔬菜 米饭 寿司 披萨 汉堡 沙拉";
// Compound nouns (modifier + head) widen the vocabulary to thousands of words, as a real user's is.
const char* const kZhModifiers =
    "用户 订单 支付 消息 搜索 推荐 配置 报表 库存 物流 会员 优惠 评论 图片 文件 邮件 短信 客服 财务 人事 招聘 培训 "
    "直播 广告 地图 定位 语音 翻译 相册 日程 考勤 审批 合同 发票 积分 钱包 购物车 门店 供应链 仓储 风控 营销 运营 "
    "数据 安全 网络 存储 缓存 监控 部署 测试 灰度 版本 移动端 小程序 后台 管理 统计";
const char* const kZhHeads = "接口 服务 模块 页面 系统 数据库 字段 脚本 任务 需求 文档 方案 报告 流程 规则 功能 入口 "
                             "按钮 弹窗 列表 详情 设置 权限 日志 告警 指标 看板 队列 集群 节点";
const char* const kEnModifiers =
    "user order payment message search checkout profile settings report inventory shipping member coupon review "
    "photo file email sms support finance hiring training stream ad map voice calendar approval invoice wallet "
    "cart store supply warehouse risk marketing growth data security network storage billing analytics mobile admin";
const char* const kEnHeads =
    "api service module page system table field script job spec doc plan report flow rule feature button dialog "
    "list view panel log alert metric dashboard queue cluster node endpoint migration";
const char* const kZhVerbs =
    "讨论 修改 检查 准备 上线 测试 优化 重构 整理 学习 购买 预订 参加 安排 提交 更新 迁移 配置 排查 调研 设计 "
    "评审 取消 推迟 确认 联系 记录 分析 解决 部署 申请 审批 报名 退订 续费 打印 下载 安装 卸载 升级 备份 恢复 "
    "对比 统计 汇总 整合 拆分 合并 替换 清理 归档 分享 推荐 约 见 问 改 写 看 买 订 交 跑 修";
const char* const kZhSubjects = "我 我们 老板 同事 客户 产品经理 小王 团队 我妈 孩子 老婆 朋友 室友 领导";
const char* const kZhTimes = "今天 明天 昨天 上周 下周 周末 刚才 晚上 早上 最近 下午 月底 年底 周一 周五";
const char* const kZhAdverbs = "已经 还是 可能 一直 马上 突然 终于 又 也 都 先 再 还 得 要";
const char* const kZhAdjectives = "新的 旧的 重要的 紧急的 复杂的 简单的 便宜的 贵的 大的 小的 好用的 奇怪的";
const char* const kZhEnders = "了。|吧。|呢？|啊！|。|！|？|了吗？|一下。|好不好？";
const char* const kZhJoiners = "因为|但是|所以|然后|而且|不过|顺便";
const char* const kTechTerms =
    "API Docker Kubernetes Redis MySQL Postgres Python Java Go Rust React Vue Qt SQLite Git GitHub CI Nginx Linux "
    "Windows macOS iPhone Excel PPT PDF bug PR SDK JSON HTTP OAuth GPU Kafka Elasticsearch Grafana Jira Slack";
const char* const kEnNouns =
    "project api database server release build meeting report budget contract deadline ticket issue feature bug "
    "test deploy cache index query schema migration backup cluster node container image pipeline dashboard alert "
    "metric log invoice receipt flight hotel train ticket dentist doctor gym concert movie birthday gift party dinner "
    "lunch breakfast recipe grocery laptop phone keyboard monitor headphones camera bike car apartment rent loan "
    "insurance passport visa interview resume salary bonus vacation course exam homework teacher class lesson piano "
    "guitar marathon yoga swimming hiking camping museum library park beach mountain festival exhibition play "
    "garden balcony sofa mattress jacket sneakers glasses watch wallet keys package delivery refund subscription "
    "password account permission token certificate gateway latency throughput deadlock transaction rollback snapshot "
    "replica shard vector model training inference dataset benchmark ranking feature funnel retention campaign video";
const char* const kEnVerbs =
    "fix review book buy call schedule finish update migrate cancel move test deploy check prepare discuss plan "
    "order send pay renew install upgrade clean archive share compare measure debug refactor rewrite document "
    "visit meet email ask write read watch try";
const char* const kEnSubjects = "I|we|my boss|the team|my sister|our client|my manager|my friend|the landlord|my wife";
const char* const kEnAux = "need to|have to|will|just|already|want to|should|forgot to|promised to|tried to";
const char* const kEnDeterminers = "the|a|our|my|that|this|the new|the old";
const char* const kEnTimes =
    "tomorrow|next week|on friday|on monday|tonight|this weekend|before the deadline|after lunch|by the end of the "
    "month|last night";
const char* const kEnJoiners = "because|but|and then|so|although|while";
const char* const kEnAdjectives = "urgent|important|new|old|cheap|expensive|broken|slow|fast|weird|big|small";

// One Zipf-sampled word list.
class WordList final
{
public:
    WordList(const char* words, QChar separator)
        : m_words(QString::fromUtf8(words).split(separator, Qt::SkipEmptyParts))
    {
        double total = 0;
        for (qsizetype i = 0; i < m_words.size(); ++i) {
            total += 1.0 / static_cast<double>(i + 1);
            m_cumulative.push_back(total);
        }
    }
    const QString& pick(SplitMix& rng) const
    {
        const double u = rng.unit() * m_cumulative.back();
        const auto it = std::lower_bound(m_cumulative.begin(), m_cumulative.end(), u);
        const auto i = std::min<std::ptrdiff_t>(it - m_cumulative.begin(), m_words.size() - 1);
        return m_words.at(i);
    }
    const QString& uniform(SplitMix& rng) const { return m_words.at(rng.below(static_cast<int>(m_words.size()))); }

private:
    QStringList m_words;
    std::vector<double> m_cumulative;
};

struct Vocabulary
{
    WordList zhNouns{kZhNouns, QLatin1Char(' ')};
    WordList zhVerbs{kZhVerbs, QLatin1Char(' ')};
    WordList zhSubjects{kZhSubjects, QLatin1Char(' ')};
    WordList zhTimes{kZhTimes, QLatin1Char(' ')};
    WordList zhAdverbs{kZhAdverbs, QLatin1Char(' ')};
    WordList zhAdjectives{kZhAdjectives, QLatin1Char(' ')};
    WordList zhEnders{kZhEnders, QLatin1Char('|')};
    WordList zhJoiners{kZhJoiners, QLatin1Char('|')};
    WordList tech{kTechTerms, QLatin1Char(' ')};
    WordList enNouns{kEnNouns, QLatin1Char(' ')};
    WordList enVerbs{kEnVerbs, QLatin1Char(' ')};
    WordList enSubjects{kEnSubjects, QLatin1Char('|')};
    WordList enAux{kEnAux, QLatin1Char('|')};
    WordList enDeterminers{kEnDeterminers, QLatin1Char('|')};
    WordList enTimes{kEnTimes, QLatin1Char('|')};
    WordList enJoiners{kEnJoiners, QLatin1Char('|')};
    WordList enAdjectives{kEnAdjectives, QLatin1Char('|')};
    WordList zhModifiers{kZhModifiers, QLatin1Char(' ')};
    WordList zhHeads{kZhHeads, QLatin1Char(' ')};
    WordList enModifiers{kEnModifiers, QLatin1Char(' ')};
    WordList enHeads{kEnHeads, QLatin1Char(' ')};
};

const Vocabulary& vocabulary()
{
    static const Vocabulary v;
    return v;
}

constexpr int kSessionLength = 20;
constexpr quint64 kGolden = 0x9E3779B97F4A7C15ULL;

enum class Language
{
    Chinese,
    English,
    Mixed
};

QString number(SplitMix& rng)
{
    switch (rng.below(4)) {
    case 0:
        return QStringLiteral("%1 次/分钟").arg((rng.below(20) + 1) * 50);
    case 1:
        return QStringLiteral("v%1.%2").arg(rng.below(5) + 1).arg(rng.below(10));
    case 2:
        return QStringLiteral("%1 点").arg(rng.below(12) + 1);
    default:
        return QStringLiteral("%1 个").arg(rng.below(30) + 2);
    }
}

// A Chinese clause: [time] subject [adverb] verb [adjective] object [number], keywords collected.
QString zhClause(SplitMix& rng, bool mixed, QStringList& keywords)
{
    const Vocabulary& v = vocabulary();
    QString s;
    if (rng.below(3) == 0)
        s += v.zhTimes.pick(rng);
    s += v.zhSubjects.pick(rng);
    if (rng.below(2) == 0)
        s += v.zhAdverbs.pick(rng);
    const QString verb = v.zhVerbs.pick(rng);
    s += verb;
    if (rng.below(4) == 0)
        s += v.zhAdjectives.pick(rng);
    const QString noun = mixed && rng.below(2) == 0 ? v.tech.pick(rng)
                                                    : (rng.below(2) == 0 ? v.zhModifiers.pick(rng) + v.zhHeads.pick(rng)
                                                                         : v.zhNouns.pick(rng));
    s += mixed ? QLatin1Char(' ') + noun + QLatin1Char(' ') : noun;
    keywords << verb << noun;
    if (rng.below(3) == 0) {
        const QString second = v.zhNouns.pick(rng);
        s += QStringLiteral("和") + second;
        keywords << second;
    }
    if (rng.below(5) == 0)
        s += QStringLiteral("，") + number(rng);
    return s;
}

QString enClause(SplitMix& rng, QStringList& keywords)
{
    const Vocabulary& v = vocabulary();
    const QString verb = v.enVerbs.pick(rng);
    const QString noun =
        rng.below(2) == 0 ? v.enModifiers.pick(rng) + QLatin1Char(' ') + v.enHeads.pick(rng) : v.enNouns.pick(rng);
    QString s = v.enSubjects.pick(rng) + QLatin1Char(' ') + v.enAux.pick(rng) + QLatin1Char(' ') + verb +
                QLatin1Char(' ') + v.enDeterminers.pick(rng) + QLatin1Char(' ');
    if (rng.below(3) == 0)
        s += v.enAdjectives.pick(rng) + QLatin1Char(' ');
    s += noun;
    keywords << verb << noun;
    if (rng.below(3) == 0) {
        const QString second = v.enNouns.pick(rng);
        s += QStringLiteral(" and the ") + second;
        keywords << second;
    }
    if (rng.below(2) == 0)
        s += QLatin1Char(' ') + v.enTimes.pick(rng);
    return s;
}

QString sentence(SplitMix& rng, Language language, int clauses, QStringList& keywords)
{
    const Vocabulary& v = vocabulary();
    QString s;
    for (int c = 0; c < clauses; ++c) {
        if (language == Language::English) {
            s += c == 0 ? QString() : QLatin1Char(' ') + v.enJoiners.pick(rng) + QLatin1Char(' ');
            s += enClause(rng, keywords);
        } else {
            s += c == 0 ? QString() : QStringLiteral("，") + v.zhJoiners.pick(rng);
            s += zhClause(rng, language == Language::Mixed, keywords);
        }
    }
    if (language == Language::English) {
        s[0] = s.at(0).toUpper();
        return s + (rng.below(4) == 0 ? QStringLiteral("?") : QStringLiteral("."));
    }
    return s + v.zhEnders.pick(rng);
}

Language languageOf(SplitMix& rng)
{
    const int r = rng.below(100);
    return r < 55 ? Language::Chinese : (r < 85 ? Language::English : Language::Mixed);
}

} // namespace

quint64 SplitMix::next()
{
    quint64 z = (m_state += kGolden);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

CorpusGenerator::CorpusGenerator(quint64 seed)
    : m_seed(seed)
{}

QDateTime CorpusGenerator::start() const
{
    return QDateTime(QDate(2015, 1, 1), QTime(8, 0), Qt::UTC);
}

GeneratedEpisode CorpusGenerator::episode(qint64 index) const
{
    SplitMix rng(m_seed ^ (static_cast<quint64>(index) * kGolden));
    GeneratedEpisode e;
    const Language language = languageOf(rng);
    // One to three sentences of one or two clauses: 15–90 characters, 8–40 words.
    const int sentences = 1 + rng.below(3);
    for (int s = 0; s < sentences; ++s)
        e.content += (s > 0 && language == Language::English ? QStringLiteral(" ") : QString()) +
                     sentence(rng, language, 1 + rng.below(2), e.keywords);
    QStringList replyKeywords;
    e.response = (language == Language::English ? QStringLiteral("Sure. ") : QStringLiteral("好的，")) +
                 sentence(rng, language, 1, replyKeywords);
    const qint64 session = index / kSessionLength;
    // A UUID, as the app's conversations have: an episode deleted in a benchmark comes back from
    // the trash by the same checks as an imported one.
    e.conversation =
        QUuid::createUuidV5(QUuid(), QStringLiteral("session-%1").arg(session)).toString(QUuid::WithoutBraces);
    if (index % 10 == 9) {
        // Every tenth episode is a summary of turns that left the window, under a topic.
        e.summary = true;
        e.topic = e.keywords.value(1);
        e.content =
            (language == Language::English ? QStringLiteral("Summary: ") : QStringLiteral("摘要：")) + e.content;
        e.response.clear();
    }
    e.time = start().addSecs(index * 90 + session * 7200);
    return e;
}

GeneratedFact CorpusGenerator::fact(int index) const
{
    SplitMix rng(m_seed ^ (static_cast<quint64>(index + 1) * 0xD1B54A32D192ED03ULL));
    const Vocabulary& v = vocabulary();
    const bool chinese = rng.below(2) == 0;
    GeneratedFact f;
    f.subject = QStringLiteral("user");
    if (chinese) {
        f.predicate = v.zhNouns.uniform(rng) + QString::number(index);
        f.object = v.zhAdjectives.pick(rng) + v.zhNouns.pick(rng) + QStringLiteral("和") + v.tech.pick(rng);
    } else {
        f.predicate = v.enNouns.uniform(rng) + QStringLiteral(" %1").arg(index);
        f.object = v.enAdjectives.pick(rng) + QLatin1Char(' ') + v.enNouns.pick(rng);
    }
    return f;
}

QString CorpusGenerator::query(qint64 about, int variant) const
{
    const GeneratedEpisode e = episode(about);
    SplitMix rng(m_seed ^ (static_cast<quint64>(about) * 31 + static_cast<quint64>(variant)));
    const QStringList& k = e.keywords;
    const QString a = k.value(rng.below(static_cast<int>(k.size())));
    const QString b = k.value(rng.below(static_cast<int>(k.size())));
    const bool english = !e.content.isEmpty() && e.content.at(0).unicode() < 0x80;
    switch (variant % 4) {
    case 0:
        return english ? QStringLiteral("What did I say about the %1 and %2?").arg(a, b)
                       : QStringLiteral("我之前说的%1和%2后来怎么样了？").arg(a, b);
    case 1:
        return english ? QStringLiteral("when did we talk about %1 %2").arg(a, b)
                       : QStringLiteral("上次提到%1，%2那个怎么处理的").arg(a, b);
    case 2:
        return english ? QStringLiteral("remind me about %1").arg(a) : QStringLiteral("%1的事").arg(a);
    default:
        // Mostly common words: the worst case for a full-text index.
        return english ? QStringLiteral("what did we say last week about the %1?").arg(a)
                       : QStringLiteral("我们上周说了什么关于%1的事情吗？").arg(a);
    }
}

} // namespace engram::bench
